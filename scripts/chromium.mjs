import fs from 'node:fs';

/** The Chromium the browser tests drive: CHROMIUM_PATH, else Debian's /usr/bin/chromium. */
export function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
  return candidates.find((candidate) => fs.existsSync(candidate));
}

export function requireChromium() {
  const chromium = findChromium();
  if (!chromium) {
    console.error(
      [
        'Chromium est introuvable : les parcours navigateur (Playwright) en ont besoin.',
        'Installez-le avec :  sudo apt-get install -y chromium   (Debian/Ubuntu)',
        'ou indiquez son chemin :  CHROMIUM_PATH=/chemin/vers/chromium npm test',
      ].join('\n'),
    );
    process.exit(1);
  }
  return chromium;
}
