import type { ExportFormat } from '../../../shared/report-schemas';

/**
 * Where an export goes. The app asks with the OS save dialog; the harness and tests name a file
 * in the data folder. Null means the shopkeeper cancelled: nothing is written.
 */
export interface ExportTarget {
  choose(suggestedName: string, format: ExportFormat): Promise<string | null>;
}
