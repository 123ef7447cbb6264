import type { ClientKind } from '../schema/log-row.js';

/** The id of generated log `index`: `p000017` for a personal log, `s000017` for an SME log (6+ digits). */
export function logIdFor(clientKind: ClientKind, index: number): string {
  return `${clientKind === 'sme' ? 's' : 'p'}${String(index).padStart(6, '0')}`;
}
