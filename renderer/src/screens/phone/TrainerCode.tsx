import type { ReactNode } from 'react';

/** The wire codes behind the Phone's words, small and secondary: for trainers, not for the PSU. */
export function TrainerCode({ children }: { children: ReactNode }) {
  return (
    <span className="trainer-code" data-testid="trainer-code">
      {children}
    </span>
  );
}
