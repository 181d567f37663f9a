import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { buildTree, treeDepth } from '../lib/tree';
import { UpdateTree } from './update-tree';
import { sampleTransaction } from './test-transaction';

afterEach(cleanup);

function renderTree(onSelect = vi.fn()) {
  const roots = buildTree(sampleTransaction());
  render(
    <MemoryRouter>
      <UpdateTree roots={roots} selected={undefined} onSelect={onSelect} />
    </MemoryRouter>,
  );
  return { roots, onSelect, tree: screen.getByRole('tree', { name: 'Transaction tree' }) };
}

/** The tree item whose own label (not its children's) matches. */
const item = (tree: HTMLElement, label: RegExp) =>
  within(tree).getByText(label).closest<HTMLElement>('[role="treeitem"]')!;

const levels = (tree: HTMLElement) =>
  within(tree)
    .queryAllByRole('treeitem')
    .map((i) => Number(i.getAttribute('aria-level')));

describe('UpdateTree', () => {
  it('builds the tree in order with the depth of the deepest event', () => {
    const roots = buildTree(sampleTransaction());
    expect(roots.map((r) => r.id)).toEqual(['u:0']);
    expect(roots[0].children.map((c) => c.id)).toEqual(['u:1', 'u:3', 'u:4']);
    expect(treeDepth(roots)).toBe(3);
  });

  it('starts with the roots expanded and expands node by node', () => {
    const { tree } = renderTree();
    expect(levels(tree)).toEqual([1, 2, 2, 2]);
    const archive = item(tree, /Amulet_Archive/);
    expect(archive.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(archive);
    expect(archive.getAttribute('aria-expanded')).toBe('true');
    expect(levels(tree)).toEqual([1, 2, 3, 2, 2]);
    const child = within(archive).getAllByRole('treeitem');
    expect(child).toHaveLength(1);
    expect(child[0].textContent).toBe('·Created Splice.Amulet:Amulet');
  });

  it('labels exercises with choice, acting parties and whether they archive', () => {
    const { tree } = renderTree();
    expect(item(tree, /AmuletRules_Transfer/).getAttribute('aria-level')).toBe('1');
    expect(
      within(tree).getByText('Splice.AmuletRules:AmuletRules · AmuletRules_Transfer by alice'),
    ).toBeTruthy();
    expect(item(tree, /LockedAmulet_Unlock/).textContent).toBe(
      '·Exercised (archives) Splice.AmuletRules:AmuletRules · LockedAmulet_Unlock by alice',
    );
  });

  it('selects with the keyboard and expands with the arrow keys', () => {
    const { tree, onSelect } = renderTree();
    const archive = item(tree, /Amulet_Archive/);
    fireEvent.keyDown(archive, { key: 'ArrowRight' });
    expect(archive.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(archive, { key: 'Enter' });
    expect(onSelect).toHaveBeenCalledWith('u:1');
    fireEvent.keyDown(archive, { key: 'ArrowLeft' });
    expect(archive.getAttribute('aria-expanded')).toBe('false');
  });

  it('expands and collapses everything', () => {
    const { tree } = renderTree();
    fireEvent.click(screen.getByRole('button', { name: 'Expand all' }));
    expect(levels(tree)).toEqual([1, 2, 3, 2, 2]);
    fireEvent.click(screen.getByRole('button', { name: 'Collapse all' }));
    expect(levels(tree)).toEqual([1]);
  });
});
