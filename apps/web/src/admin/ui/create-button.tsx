import type { ReactNode } from 'react';
import { AdminButton } from './button.tsx';
import { PlusIcon } from './icons.tsx';

/** The primary "+" button that opens a tab's form for a new record (in its header, and again in its empty state). */
export function CreateButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <AdminButton variant="primary" icon={<PlusIcon />} onClick={onClick}>
      {children}
    </AdminButton>
  );
}
