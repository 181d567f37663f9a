import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { stateDiff } from '../lib/tree';
import { StateDiffView } from './state-diff';
import { sampleTransaction } from './test-transaction';

afterEach(cleanup);

describe('StateDiffView', () => {
  it('lists the contracts created and archived by the update, in tree order', () => {
    const diff = stateDiff(sampleTransaction());
    expect(diff.created.map((e) => e.contract_id)).toEqual(['c-new', 'c-tmp']);
    expect(diff.archived.map((e) => e.contract_id)).toEqual(['c-old', 'c-tmp']);
    expect([...diff.transient]).toEqual(['c-tmp']);

    render(
      <MemoryRouter>
        <StateDiffView diff={diff} />
      </MemoryRouter>,
    );
    const created = screen.getByRole('list', { name: 'Created contracts' });
    const archived = screen.getByRole('list', { name: 'Archived contracts' });
    const links = (list: HTMLElement) =>
      within(list)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href'));
    expect(links(created)).toEqual(['/contracts/c-new', '/contracts/c-tmp']);
    expect(links(archived)).toEqual(['/contracts/c-old', '/contracts/c-tmp']);
    expect(screen.getByRole('heading', { name: 'Created (2)' })).toBeTruthy();
    expect(within(created).getAllByText('created and archived here')).toHaveLength(1);
  });

  it('does not count a non-consuming exercise as an archive', () => {
    const tx = sampleTransaction();
    const diff = stateDiff(tx);
    expect(diff.archived.some((e) => e.contract_id === 'c-rules')).toBe(false);
  });

  it('says None for an update that created nothing', () => {
    const tx = sampleTransaction();
    tx.events_by_id = { 'u:0': { ...tx.events_by_id['u:0'], child_event_ids: [] } as never };
    render(
      <MemoryRouter>
        <StateDiffView diff={stateDiff(tx)} />
      </MemoryRouter>,
    );
    expect(screen.getAllByText('None')).toHaveLength(2);
  });
});
