import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * The dictionary of the templates the history's events are of (`events.template_ref` holds these
 * ids instead of the ~97-byte template id and the package name): a template id's three parts and
 * the package name given with it. Written by the writer only, an id per template for good: ids
 * come from the identity sequence, so they are never reused, and no reader prints one
 * (docs/scaling.md "Issue 32, fourth session").
 */
@Entity({ name: 'templates' })
@Index('ux_templates_template', ['packageId', 'moduleName', 'entityName', 'packageName'], { unique: true })
export class TemplateEntity {
  @PrimaryGeneratedColumn('identity', {
    name: 'id',
    type: 'integer',
    generatedIdentity: 'ALWAYS',
    primaryKeyConstraintName: 'pk_templates',
  })
  id: number;

  @Column('text', { name: 'package_id' })
  packageId: string;

  @Column('text', { name: 'module_name' })
  moduleName: string;

  @Column('text', { name: 'entity_name' })
  entityName: string;

  @Column('text', { name: 'package_name' })
  packageName: string;
}
