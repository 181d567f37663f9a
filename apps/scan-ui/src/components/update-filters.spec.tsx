import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { filtersFromParams, filtersToParams, UpdateFilters } from './update-filters';

afterEach(cleanup);

const CONTRACT = '00' + 'ab'.repeat(34);

describe('update list filters in the URL', () => {
  it('reads party, template, choice and contract id, leaving blanks and other parameters out', () => {
    const params = new URLSearchParams(
      `choice=AmuletRules_Transfer&contract_id=${CONTRACT}&party=%20&page=3&template=Splice.Amulet:Amulet`,
    );
    expect(filtersFromParams(params)).toEqual({
      choice: 'AmuletRules_Transfer',
      contract_id: CONTRACT,
      template: 'Splice.Amulet:Amulet',
    });
  });

  it('writes them in one fixed order, so that the same filters give the same link', () => {
    const a = filtersToParams({ contract_id: CONTRACT, choice: 'Archive', party: 'alice::1220ab' });
    const b = filtersToParams({ party: 'alice::1220ab', choice: 'Archive', contract_id: CONTRACT });
    expect(a.toString()).toBe(`party=alice%3A%3A1220ab&choice=Archive&contract_id=${CONTRACT}`);
    expect(b.toString()).toBe(a.toString());
    expect(filtersFromParams(a)).toEqual({
      party: 'alice::1220ab',
      choice: 'Archive',
      contract_id: CONTRACT,
    });
  });
});

describe('UpdateFilters', () => {
  const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;

  it('shows the filters in force and applies the edited ones together, trimmed, blanks dropped', () => {
    const onApply = vi.fn();
    render(<UpdateFilters value={{ template: 'Splice.Amulet:Amulet' }} onApply={onApply} />);
    expect(screen.getByRole('search', { name: 'Filter updates' })).toBeTruthy();
    expect(field('Template (Module:Entity)').value).toBe('Splice.Amulet:Amulet');
    expect(field('Choice').value).toBe('');
    fireEvent.change(field('Choice'), { target: { value: '  AmuletRules_Transfer ' } });
    fireEvent.change(field('Contract id'), { target: { value: CONTRACT } });
    fireEvent.change(field('Template (Module:Entity)'), { target: { value: ' ' } });
    expect(onApply).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    expect(onApply).toHaveBeenCalledExactlyOnceWith({
      choice: 'AmuletRules_Transfer',
      contract_id: CONTRACT,
    });
  });

  it('offers Clear only while a filter is in force, and clears every field', () => {
    const onApply = vi.fn();
    const { rerender } = render(<UpdateFilters value={{}} onApply={onApply} />);
    expect(screen.queryByRole('button', { name: 'Clear' })).toBeNull();
    rerender(<UpdateFilters value={{ choice: 'Archive', party: 'alice::1220ab' }} onApply={onApply} />);
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(onApply).toHaveBeenCalledExactlyOnceWith({});
    expect(field('Party id').value).toBe('');
  });
});
