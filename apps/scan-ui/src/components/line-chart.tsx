import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';

export interface Series {
  label: string;
  /** One value per x; null leaves a gap. Chart positions only: the exact figures are in the table beside it. */
  values: (number | null)[];
}

/**
 * A uPlot chart of series over integer x values (rounds). It is an image to assistive technology,
 * described by `description`; the table next to it carries the same figures.
 */
export function LineChart({
  x,
  series,
  description,
  height = 240,
}: {
  x: number[];
  series: Series[];
  description: string;
  height?: number;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const theme = useTheme();
  const colors = [theme.palette.primary.main, theme.palette.warning.main, theme.palette.success.main];
  const axisColor = theme.palette.text.secondary;
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const axis = {
      stroke: axisColor,
      grid: { stroke: theme.palette.divider },
      ticks: { stroke: theme.palette.divider },
    };
    const plot = new uPlot(
      {
        width: el.clientWidth || 600,
        height,
        scales: { x: { time: false } },
        axes: [
          // Rounds are integers: no tick between two.
          { ...axis, label: 'Round', incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000] },
          { ...axis, size: 70 },
        ],
        series: [
          { label: 'Round' },
          ...series.map((s, i) => ({
            label: s.label,
            stroke: colors[i % colors.length],
            width: 2,
            points: { show: true },
          })),
        ],
      },
      [x, ...series.map((s) => s.values)],
      el,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: el.clientWidth, height }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [x, series, height, axisColor]);
  return (
    <Box
      ref={ref}
      role="img"
      aria-label={description}
      sx={{ width: '100%', '& .u-legend': { color: 'text.primary' } }}
    />
  );
}
