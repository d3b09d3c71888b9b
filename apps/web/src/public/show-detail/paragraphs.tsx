import { frenchTypography } from '@bande/shared/format/french-typography';

/** A stored text as paragraphs: blank lines separate them, single line breaks are kept; French typography applied. */
export function Paragraphs({ text, className }: { text: string; className?: string }) {
  const blocks = text
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean);
  return (
    <>
      {blocks.map((block, index) => (
        <p key={index} className={className} style={{ whiteSpace: 'pre-line' }}>
          {frenchTypography(block)}
        </p>
      ))}
    </>
  );
}
