import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import type { scanApi } from '@canton-scan/contracts/browser';
import { ApiError } from '../api/client';
import { useMirrorStatus } from '../hooks/use-mirror-status';
import MirrorPage from './mirror';

vi.mock('../hooks/use-mirror-status', () => ({ useMirrorStatus: vi.fn() }));

afterEach(cleanup);

const refetch = vi.fn();
function answer(query: Partial<UseQueryResult<scanApi.MirrorStatusResponse>>) {
  vi.mocked(useMirrorStatus).mockReturnValue({
    isPending: false,
    isError: false,
    refetch,
    ...query,
  } as UseQueryResult<scanApi.MirrorStatusResponse>);
  render(
    <MemoryRouter>
      <MirrorPage />
    </MemoryRouter>,
  );
}

const STATUS: scanApi.MirrorStatusResponse = {
  record_time: '2026-01-05T00:03:00.000123Z',
  migration_id: 1,
  mirror: {
    migration_id: 1,
    record_time: '2026-01-05T00:03:00.000123Z',
    lag_seconds: 725,
    updated_at: '2026-01-05T01:00:00.000000Z',
  },
  peers: [
    {
      url: 'http://a.example/api/scan',
      agrees: true,
      newest_record_time: '2026-01-05T00:15:05.000123Z',
      migration_id: 1,
      lag_seconds: 0,
      last_poll_at: '2026-01-05T01:00:00.000000Z',
      consecutive_failures: 0,
    },
    {
      url: 'http://b.example/api/scan',
      agrees: false,
      newest_record_time: '2026-01-05T00:14:35.000123Z',
      migration_id: 1,
      lag_seconds: 30,
      last_poll_at: '2026-01-05T01:00:00.000000Z',
      consecutive_failures: 0,
      last_disagreement: 'updates of migration 1 after X, item 1, differs from what 1 or more peers answered',
      last_disagreement_at: '2026-01-05T00:59:00.000000Z',
    },
    {
      url: 'http://c.example/api/scan',
      consecutive_failures: 4,
      last_error: 'http://c.example/api/scan: TypeError: fetch failed',
      last_error_at: '2026-01-05T00:59:30.000000Z',
    },
  ],
};

describe('the mirror page', () => {
  it('lists every peer with its agreement badge, lag, last answer and failures, and the mirror’s own lag', () => {
    answer({ data: STATUS });
    expect(screen.getByRole('heading', { level: 1, name: 'Mirror' })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Peer scans' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells(rows[0])).toEqual([
      'http://a.example/api/scan',
      'yes',
      '0 s',
      expect.stringContaining('2026-01-05 00:15:05 UTC'),
      expect.stringContaining('2026-01-05 01:00:00 UTC'),
      '0',
    ]);
    expect(cells(rows[1])[1]).toMatch(/^noupdates of migration 1 after X, item 1, differs/);
    expect(cells(rows[1])[2]).toBe('30 s');
    expect(cells(rows[2]).slice(1, 3)).toEqual(['not compared yet', '—']);
    expect(cells(rows[2])[4]).toBe('never');
    expect(cells(rows[2])[5]).toMatch(/^4http:\/\/c\.example\/api\/scan: TypeError: fetch failed/);
    expect(within(screen.getByRole('region', { name: 'Mirror lag' })).getByText('12 min 5 s')).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: "Store's newest record time" })).getByText(/migration 1/),
    ).toBeTruthy();
  });

  it('says plainly that no mirror feeds the store when none ever wrote to it', () => {
    answer({ data: { peers: [], record_time: '2026-01-05T00:03:00.000123Z', migration_id: 0 } });
    expect(screen.getByRole('status').textContent).toMatch(/^No mirror feeds this store/);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Mirror lag' })).toBeNull();
    expect(screen.getByRole('region', { name: "Store's newest record time" }).textContent).toContain(
      '2026-01-05 00:03:00 UTC',
    );
  });

  it('shows loading, then the API’s error with a retry', () => {
    answer({ isPending: true });
    expect(screen.getByRole('status').textContent).toBe('Loading mirror status…');
    cleanup();
    answer({ isError: true, error: new ApiError('the database is unavailable', 503) });
    expect(screen.getByRole('alert').textContent).toContain('the database is unavailable');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalled();
  });
});
