import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** Debian's dovecot-imapd (`apt-get install dovecot-imapd`): the binary the tests start. */
const DOVECOT = '/usr/sbin/dovecot';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`dovecot n'écoute pas sur le port ${port}`);
}

/**
 * A real IMAP server for one test file: Dovecot started as a process of the test, with its own
 * configuration, mail and sockets in a temporary folder, one user with a plain password, no TLS, on a
 * free port of 127.0.0.1. As root, it runs as Dovecot's own users (as a system install does); as
 * anybody else, as that user.
 */
export async function startImapServer(user = 'rebonds', password = 'motdepasse-imap') {
  if (!fs.existsSync(DOVECOT)) throw new Error(`${DOVECOT} absent : installez dovecot-imapd (apt-get install dovecot-imapd) pour les tests de la boîte des rebonds`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dovecot-test-'));
  fs.chmodSync(dir, 0o755);
  for (const sub of ['run', 'state', 'mail', 'home']) fs.mkdirSync(path.join(dir, sub));
  const root = process.getuid?.() === 0;
  const me = os.userInfo();
  const [internal, login] = root ? ['dovecot', 'dovenull'] : [me.username, me.username];
  // The mail is owned by the user the mail processes run as.
  const mailOwner = root ? internal : me.username;
  const ids = root ? { uid: Number(readId('-u', mailOwner)), gid: Number(readId('-g', mailOwner)) } : { uid: me.uid, gid: me.gid };
  if (root) for (const sub of ['mail', 'home']) fs.chownSync(path.join(dir, sub), ids.uid, ids.gid);
  fs.writeFileSync(path.join(dir, 'users'), `${user}:{PLAIN}${password}\n`);
  const port = await freePort();
  const config = `
protocols = imap
listen = 127.0.0.1
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
default_internal_user = ${internal}
default_internal_group = ${root ? internal : readId('-gn', me.username)}
default_login_user = ${login}
first_valid_uid = ${ids.uid}
mail_location = maildir:${dir}/mail/%u
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/users
}
userdb {
  driver = static
  args = uid=${ids.uid} gid=${ids.gid} home=${dir}/home/%u
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service pop3-login {
  inet_listener pop3 {
    port = 0
  }
}
`;
  fs.writeFileSync(path.join(dir, 'dovecot.conf'), config);
  const child = spawn(DOVECOT, ['-F', '-c', path.join(dir, 'dovecot.conf')], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    await waitForPort(port, Date.now() + 10_000);
  } catch (error) {
    child.kill('SIGTERM');
    throw new Error(`${String(error)}\n${output}`);
  }
  return {
    port,
    user,
    password,
    url: `imap://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}/INBOX`,
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function readId(flag: string, name: string): string {
  // `id` from coreutils, as Dovecot itself needs a system user: no parsing of /etc/passwd by hand.
  return execFileSync('id', [flag, name], { encoding: 'utf8' }).trim();
}
