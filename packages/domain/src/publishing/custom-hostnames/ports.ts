import type { CustomHostnameRecord, CustomHostnameTargetRecord, ProxyHostClaimRecord } from './records';

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

/** The claims on proxies' hosts, one per host (`proxy-host-claims.ts`). */
export interface ProxyHostClaimRepository {
  find(hostname: string): Promise<ProxyHostClaimRecord | null>;
  /** False when the host is claimed already (nothing written). */
  insert(record: ProxyHostClaimRecord): Promise<boolean>;
  /** Gives a claimed host to `record.organizationId` when its holder is still `expected`; false otherwise. */
  replaceHolder(record: ProxyHostClaimRecord, expectedOrganizationId: string): Promise<boolean>;
  /** Deletes the host's claim when `organizationId` holds it; true when one was deleted. */
  remove(hostname: string, organizationId: string): Promise<boolean>;
}
