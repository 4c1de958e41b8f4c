import { ArrowDownOutlined, ArrowUpOutlined, MinusOutlined } from '@ant-design/icons';
import type { DashboardDay } from '@lingxi/contract';
import { Card, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { Area, AreaChart, ResponsiveContainer } from 'recharts';
import { changeOf, type FigureKey } from './figures';
import { useTranslation } from 'react-i18next';

/** A KPI: today's figure, its change against yesterday, and a small trend over the range. */
export function KpiCard({
  title,
  figure,
  days,
  color,
  format,
  footer,
}: {
  title: string;
  figure: FigureKey;
  days: DashboardDay[];
  color: string;
  format: (n: number) => string;
  footer?: ReactNode;
}) {
  const today = days.at(-1)?.[figure] ?? 0;
  const { t } = useTranslation();
  const change = changeOf(days, figure);
  return (
    <Card size="small" className="dashboard-kpi" styles={{ body: { padding: '14px 16px 10px' } }}>
      <div className="dashboard-kpi-title">{t('dashboard.kpi.today', { title })}</div>
      <div className="dashboard-kpi-row">
        <div className="dashboard-kpi-value">{format(today)}</div>
        <div className="dashboard-kpi-spark" aria-hidden>
          <ResponsiveContainer width="100%" height={40}>
            <AreaChart data={days} margin={{ top: 4, right: 0, bottom: 0, left: 0 }}>
              <defs>
                <linearGradient id={`spark-${figure}`} x1="0" y1="0" x2="0" y2="1">
                  <stop offset="0%" stopColor={color} stopOpacity={0.35} />
                  <stop offset="100%" stopColor={color} stopOpacity={0} />
                </linearGradient>
              </defs>
              <Area
                type="monotone"
                dataKey={figure}
                stroke={color}
                strokeWidth={1.5}
                fill={`url(#spark-${figure})`}
                isAnimationActive={false}
              />
            </AreaChart>
          </ResponsiveContainer>
        </div>
      </div>
      <div className="dashboard-kpi-foot">
        <ChangeTag delta={change.delta} percent={change.percent} format={format} />
        {footer ? <span className="dashboard-kpi-extra">{footer}</span> : null}
      </div>
    </Card>
  );
}

/** ▲ 12.5% (or ▲ 3 when yesterday had none), green up, red down: the change against yesterday. */
function ChangeTag({
  delta,
  percent,
  format,
}: {
  delta: number;
  percent: number | null;
  format: (n: number) => string;
}) {
  const { t } = useTranslation();
  if (delta === 0) {
    return (
      <span className="dashboard-change flat">
        <MinusOutlined /> {t('dashboard.kpi.flat')}
      </span>
    );
  }
  const up = delta > 0;
  const text = percent === null ? format(Math.abs(delta)) : `${Math.abs(percent)}%`;
  return (
    <Tooltip title={t('dashboard.kpi.delta', { delta: `${up ? '+' : '-'}${format(Math.abs(delta))}` })}>
      <span className={`dashboard-change ${up ? 'up' : 'down'}`}>
        {up ? <ArrowUpOutlined /> : <ArrowDownOutlined />} {text}
        <span className="dashboard-change-label">{t('dashboard.kpi.vsYesterday')}</span>
      </span>
    </Tooltip>
  );
}
