import { useState, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { flatten, type TreeNode } from '../lib/tree';
import { partyHint, templateName } from '../lib/format';

/** What a node shows: the kind of event, its template and, for an exercise, choice and actors. */
export function nodeLabel({ event }: TreeNode): { kind: string; text: string } {
  if (event.event_type === 'created_event') return { kind: 'Created', text: templateName(event.template_id) };
  const actors = event.acting_parties.map(partyHint).join(', ');
  return {
    kind: event.consuming ? 'Exercised (archives)' : 'Exercised',
    text: `${templateName(event.template_id)} · ${event.choice}${actors ? ` by ${actors}` : ''}`,
  };
}

const TREE_SX = {
  p: 0,
  m: 0,
  '& li': { listStyle: 'none', cursor: 'pointer' },
  '& li:focus-visible > .node': { outline: '2px solid', outlineColor: 'primary.main' },
  '& .node': { display: 'flex', gap: 1, alignItems: 'baseline', py: 0.5, px: 1, borderRadius: 1 },
  '& .node:hover': { bgcolor: 'action.hover' },
  '& li[aria-selected="true"] > .node': { bgcolor: 'action.selected' },
  '& .twisty': { width: '1em', flex: 'none' },
  '& .kind': { fontWeight: 600, flex: 'none' },
  '& .created': { color: 'success.main' },
  '& .archives': { color: 'warning.main' },
  '& .exercised': { color: 'info.main' },
  '& .text': { wordBreak: 'break-word' },
  '& ul': { pl: 2.5, m: 0 },
} as const;

/**
 * A transaction's event tree (WAI-ARIA tree pattern): click or Enter selects a node, ArrowRight /
 * ArrowLeft expand and collapse it, ArrowUp / ArrowDown move between visible nodes.
 */
export function UpdateTree({
  roots,
  selected,
  onSelect,
}: {
  roots: TreeNode[];
  selected: string | undefined;
  onSelect: (id: string) => void;
}) {
  const all = flatten(roots);
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set(roots.map((r) => r.id)));
  const toggle = (id: string, open?: boolean) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      if (open ?? !next.has(id)) next.add(id);
      else next.delete(id);
      return next;
    });
  const focusable = selected ?? roots[0]?.id;

  const onKey = (e: KeyboardEvent<HTMLElement>, node: TreeNode) => {
    const move = (step: number) => {
      const items = Array.from(
        e.currentTarget.closest('[role="tree"]')?.querySelectorAll<HTMLElement>('[role="treeitem"]') ?? [],
      );
      const i = items.indexOf(e.currentTarget);
      items[i + step]?.focus();
    };
    switch (e.key) {
      case 'Enter':
      case ' ':
        onSelect(node.id);
        break;
      case 'ArrowRight':
        if (node.children.length > 0) toggle(node.id, true);
        break;
      case 'ArrowLeft':
        toggle(node.id, false);
        break;
      case 'ArrowDown':
        move(1);
        break;
      case 'ArrowUp':
        move(-1);
        break;
      default:
        return;
    }
    e.preventDefault();
    e.stopPropagation();
  };

  // Plain elements styled once by the tree (TREE_SX): a 100-event tree renders 100 rows, and an
  // `sx` per element would resolve its styles against the theme on every row.
  const render = (node: TreeNode) => {
    const { kind, text } = nodeLabel(node);
    const open = expanded.has(node.id);
    const hasChildren = node.children.length > 0;
    const kindClass = kind === 'Created' ? 'created' : kind.includes('archives') ? 'archives' : 'exercised';
    return (
      <li
        key={node.id}
        role="treeitem"
        aria-level={node.depth}
        aria-expanded={hasChildren ? open : undefined}
        aria-selected={selected === node.id}
        data-event-id={node.id}
        tabIndex={focusable === node.id ? 0 : -1}
        onKeyDown={(e) => onKey(e, node)}
        onClick={(e) => {
          e.stopPropagation();
          onSelect(node.id);
          if (hasChildren) toggle(node.id);
        }}
      >
        <div className="node">
          <span aria-hidden="true" className="twisty">
            {hasChildren ? (open ? '▾' : '▸') : '·'}
          </span>
          <span className={`kind ${kindClass}`}>{kind}</span> <span className="text">{text}</span>
        </div>
        {hasChildren && open && <ul role="group">{node.children.map(render)}</ul>}
      </li>
    );
  };

  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 1, mb: 1 }}>
        <Button size="small" variant="outlined" onClick={() => setExpanded(new Set(all.map((n) => n.id)))}>
          Expand all
        </Button>
        <Button size="small" variant="outlined" onClick={() => setExpanded(new Set())}>
          Collapse all
        </Button>
      </Box>
      <Box component="ul" role="tree" aria-label="Transaction tree" sx={TREE_SX}>
        {roots.map(render)}
      </Box>
    </Box>
  );
}
