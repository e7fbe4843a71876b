import type { CustomHostnameRecord, CustomHostnameTargetRecord } from './records';

export interface CustomHostnameRepository {
  find(hostname: string): Promise<CustomHostnameRecord | null>;
  /** False when the hostname is held already (nothing written). */
  insert(record: CustomHostnameRecord): Promise<boolean>;
  /** Gives a held hostname to `record.target` when its holder is still `expected`; false otherwise. */
  replaceHolder(record: CustomHostnameRecord, expected: CustomHostnameTargetRecord): Promise<boolean>;
  /** Deletes the hostname's record when `holder` holds it; true when one was deleted. */
  remove(hostname: string, holder: CustomHostnameTargetRecord): Promise<boolean>;
  /** The hostnames an organization's claims name (its own and its sites'). */
  listOfOrganization(organizationId: string): Promise<CustomHostnameRecord[]>;
}
