import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import type { scanApi } from '@canton-scan/contracts/browser';
import { useExplorerUpdates } from '../hooks/use-explorer';
import UpdatesPage from './updates';

vi.mock('../hooks/use-explorer', () => ({ useExplorerUpdates: vi.fn() }));

const CONTRACT = '00' + 'cd'.repeat(34);

function Location() {
  const location = useLocation();
  return <output aria-label="location">{location.pathname + location.search}</output>;
}

function renderAt(url: string) {
  vi.mocked(useExplorerUpdates).mockReturnValue({
    isPending: false,
    isError: false,
    data: { updates: [] },
  } as unknown as UseQueryResult<scanApi.ExplorerUpdatesResponse>);
  render(
    <MemoryRouter initialEntries={[url]}>
      <UpdatesPage />
      <Location />
    </MemoryRouter>,
  );
}

afterEach(() => {
  cleanup();
  vi.mocked(useExplorerUpdates).mockReset();
});

describe('the updates page', () => {
  it('lists the updates the deep link’s filters select, with the filters shown in the form', () => {
    renderAt(`/updates?choice=AmuletRules_Transfer&contract_id=${CONTRACT}&party=alice::1220ab`);
    expect(useExplorerUpdates).toHaveBeenLastCalledWith({
      limit: 25,
      page_token: undefined,
      party: 'alice::1220ab',
      choice: 'AmuletRules_Transfer',
      contract_id: CONTRACT,
    });
    expect((screen.getByRole('textbox', { name: 'Choice' }) as HTMLInputElement).value).toBe(
      'AmuletRules_Transfer',
    );
    expect((screen.getByRole('textbox', { name: 'Contract id' }) as HTMLInputElement).value).toBe(CONTRACT);
    expect(screen.getByText('No update matches.')).toBeTruthy();
  });

  it('puts applied filters in the URL and asks for the list they select', () => {
    renderAt('/updates?template=Splice.Amulet:Amulet');
    fireEvent.change(screen.getByRole('textbox', { name: 'Choice' }), { target: { value: 'Archive' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    expect(screen.getByRole('status', { name: 'location' }).textContent).toBe(
      '/updates?template=Splice.Amulet%3AAmulet&choice=Archive',
    );
    expect(useExplorerUpdates).toHaveBeenLastCalledWith({
      limit: 25,
      page_token: undefined,
      template: 'Splice.Amulet:Amulet',
      choice: 'Archive',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByRole('status', { name: 'location' }).textContent).toBe('/updates');
    expect(useExplorerUpdates).toHaveBeenLastCalledWith({ limit: 25, page_token: undefined });
  });
});
