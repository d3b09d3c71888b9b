import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { AdminButton } from '../ui/button.tsx';

/** The door screen of a performance (its route is in admin-app.tsx). */
const doorPath = (performanceId: number) => `/admin/dashboard/reservations/${performanceId}/entrees`;

/** « Pointer les entrées »: a button, as the issue names it, that opens the performance's door screen. */
export function DoorButton({ performanceId, label, small, children }: { performanceId: number; label?: string; small?: boolean; children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <AdminButton small={small} aria-label={label} onClick={() => void navigate(doorPath(performanceId))}>
      {children}
    </AdminButton>
  );
}
