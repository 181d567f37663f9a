export {
  CONTRACT_COLUMNS,
  CONTRACT_LIST_COLUMNS,
  CONTRACT_ROW_COLUMNS,
  NEWEST_MIGRATION,
  toActiveContract,
  type ContractRow,
} from '../contracts/active-contracts.repository';
import { contractTemplateFilter } from '../contracts/template-key.sql';
import type { SpliceTemplate } from '../splice/splice-templates';

/**
 * SQL building blocks for "current" contracts (the state the proxy and registry serve): rows of
 * the newest migration that are not archived. Templates are matched by package name, module and
 * entity (docs/offsets-and-ids.md "Template names"), which `ix_contracts_active_template` (partial: not archived) serves
 * on their hash (template-key.sql.ts).
 */

/** A SQL string literal of one of our own constants (template names): never user input. */
function literal(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/**
 * Collects query parameters (`add`) and writes template filters. Template names are constants
 * of SpliceTemplates, inlined as literals so that even a generic plan of a prepared statement
 * knows which template (and so which index range) it reads.
 */
export class SqlParams {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }

  /** Filter of `contracts c` on one template, any package version. */
  template(t: Pick<SpliceTemplate, 'packageName' | 'moduleName' | 'entityName'>, alias = 'c'): string {
    return contractTemplateFilter(
      alias,
      literal(t.packageName),
      literal(t.moduleName),
      literal(t.entityName),
    );
  }
}
