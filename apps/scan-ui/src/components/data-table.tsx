import { useState, type ReactNode } from 'react';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';

export interface Column<T> {
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** Sorting by this column compares these values (numbers, or strings compared as text). */
  sortValue?: (row: T) => number | string;
  align?: 'left' | 'right';
  /** Keep the cell on one line (short values: kinds, labels); right-aligned (numeric) columns always are. */
  nowrap?: boolean;
}

const NOWRAP = { whiteSpace: 'nowrap' } as const;
/**
 * Text wraps between words; a word is broken only when it is wider than the cell can grow, which
 * `overflow-wrap: break-word` (unlike `word-break`) leaves out of the column's minimum width, so
 * the table gives every word its room (and scrolls sideways on a phone) rather than splitting it.
 */
const WRAP = { overflowWrap: 'break-word' } as const;

/**
 * A table that scrolls sideways on narrow screens; columns with `sortValue` sort on click. Numbers
 * (right-aligned columns) never wrap; ids, amounts, times and template ids keep their own rules.
 */
export function DataTable<T>({
  rows,
  columns,
  rowKey,
  label,
  initialSort,
}: {
  rows: readonly T[];
  columns: Column<T>[];
  rowKey: (row: T) => string;
  label: string;
  initialSort?: { key: string; desc: boolean };
}) {
  const [sort, setSort] = useState(initialSort);
  const column = columns.find((c) => c.key === sort?.key);
  const sorted = column?.sortValue
    ? [...rows].sort((a, b) => {
        const x = column.sortValue!(a);
        const y = column.sortValue!(b);
        const c = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
        return sort!.desc ? -c : c;
      })
    : rows;
  return (
    <TableContainer>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell
                key={c.key}
                align={c.align}
                sortDirection={sort?.key === c.key ? (sort.desc ? 'desc' : 'asc') : false}
              >
                {c.sortValue ? (
                  <TableSortLabel
                    active={sort?.key === c.key}
                    direction={sort?.key === c.key && sort.desc ? 'desc' : 'asc'}
                    onClick={() => setSort({ key: c.key, desc: sort?.key === c.key ? !sort.desc : true })}
                  >
                    {c.header}
                  </TableSortLabel>
                ) : (
                  c.header
                )}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {sorted.map((row) => (
            <TableRow key={rowKey(row)}>
              {columns.map((c) => (
                <TableCell key={c.key} align={c.align} sx={c.nowrap || c.align === 'right' ? NOWRAP : WRAP}>
                  {c.cell(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
