import { Fragment } from 'react';
import { CopyButton } from './copy-button';

/** A package id (a 64-digit hash) rather than a package name. */
const PACKAGE_ID = /^[0-9a-f]{16,}$/;

/**
 * A template id (`package:Module.Sub:Entity`, or `Module.Sub:Entity` without its package) that
 * may wrap after a `:` or a `.`, never inside a name: `<wbr>` marks those places, so a narrow
 * column breaks `Splice.Amulet:` / `LockedAmulet` rather than clipping it or splitting `LockedAm` /
 * `ulet`. A package id (a hash) ends in an ellipsis where it does not fit, its whole text the
 * `title`; with `copy`, a copy button copies the whole template id and, while it has the keyboard
 * focus, shows it (`data-full`, as for ids).
 */
export function TemplateId({ id, copy = false }: { id: string; copy?: boolean }) {
  const parts = id.match(/[^:.]+[:.]?|[:.]/g) ?? [id];
  const pkg =
    parts.length > 2 && PACKAGE_ID.test(parts[0].replace(/:$/, '')) ? parts[0].slice(0, -1) : undefined;
  const names = pkg === undefined ? parts : [':', ...parts.slice(1)];
  return (
    <span className="template-id" data-full={copy ? id : undefined}>
      {pkg !== undefined && (
        <span className="package-id" title={pkg}>
          {pkg}
        </span>
      )}
      {names.map((p, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {p}
        </Fragment>
      ))}
      {copy && <CopyButton value={id} label="template id" />}
    </span>
  );
}
