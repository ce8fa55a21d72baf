import type { ExportFormat } from '../../../shared/report-schemas';

/**
 * Where an export goes. The app asks with the OS save dialog; the harness and tests name a file
 * in the data folder. Null means the shopkeeper cancelled: nothing is written.
 */
export interface ExportTarget {
  /** A report's format, or `json` for a provider profile the owner shares. */
  choose(suggestedName: string, format: ExportFormat | 'json'): Promise<string | null>;
}
