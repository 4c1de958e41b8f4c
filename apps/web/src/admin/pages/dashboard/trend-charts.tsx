import type { DashboardDay } from '@lingxi/contract';
import { Card, Col, Row } from 'antd';
import type { ReactElement, ReactNode } from 'react';
import {
  Area,
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatCount, formatYuan } from '../../lib/format';
import { shortDay, sumOf, withYuan } from './figures';
import { useTranslation } from 'react-i18next';

export const COLORS = {
  violet: '#5b5bf6',
  teal: '#13a8a8',
  orange: '#fa8c16',
  green: '#52c41a',
  blue: '#1677ff',
  pink: '#eb2f96',
};

const AXIS = { fontSize: 12, fill: '#8a8f99' };
const count = (v: unknown) => formatCount(Number(v));
const countAxis = {
  tick: AXIS,
  tickLine: false,
  axisLine: false,
  allowDecimals: false,
  tickFormatter: (v: number) => formatCount(v),
};

/** One chart's card: its title, the range's total on the right, the chart. */
function ChartCard({ title, extra, children }: { title: string; extra?: ReactNode; children: ReactElement }) {
  return (
    <Card size="small" title={title} extra={extra} className="dashboard-chart">
      <ResponsiveContainer width="100%" height={260}>
        {children}
      </ResponsiveContainer>
    </Card>
  );
}

const gradient = (id: string, color: string) => (
  <defs>
    <linearGradient id={id} x1="0" y1="0" x2="0" y2="1">
      <stop offset="0%" stopColor={color} stopOpacity={0.28} />
      <stop offset="100%" stopColor={color} stopOpacity={0.02} />
    </linearGradient>
  </defs>
);

/** The range by day: users, conversations and replies, chips, revenue with orders. */
export function TrendCharts({ days }: { days: DashboardDay[] }) {
  const { t } = useTranslation();
  const axis = (
    <XAxis
      dataKey="day"
      tickFormatter={shortDay}
      tick={AXIS}
      tickLine={false}
      axisLine={{ stroke: '#e5e7ef' }}
      minTickGap={16}
    />
  );
  const grid = <CartesianGrid stroke="#f0f1f5" vertical={false} />;
  const legend = <Legend iconType="circle" iconSize={8} wrapperStyle={{ fontSize: 12 }} />;
  const total = (label: string, value: string) => (
    <span className="dashboard-chart-total">
      {label} <b>{value}</b>
    </span>
  );
  const money = withYuan(days);
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        <ChartCard
          title={t('dashboard.charts.users')}
          extra={total(t('dashboard.charts.usersTotal'), formatCount(sumOf(days, 'users_new')))}
        >
          <ComposedChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: -8 }}>
            {gradient('users-dau', COLORS.violet)}
            {grid}
            {axis}
            <YAxis yAxisId="dau" {...countAxis} width={52} />
            {/* New users on their own scale, kept to the lower part so the bars do not cover the active users. */}
            <YAxis
              yAxisId="new"
              {...countAxis}
              orientation="right"
              width={44}
              domain={[0, (max: number) => Math.max(4, Math.ceil(max * 2.5))]}
            />
            <Tooltip
              formatter={count}
              labelFormatter={(d) => t('dashboard.charts.day', { day: String(d) })}
            />
            {legend}
            <Area
              isAnimationActive={false}
              yAxisId="dau"
              type="monotone"
              dataKey="dau"
              name={t('dashboard.charts.dau')}
              stroke={COLORS.violet}
              strokeWidth={2}
              fill="url(#users-dau)"
            />
            <Bar
              yAxisId="new"
              dataKey="users_new"
              name={t('dashboard.figures.usersNew')}
              fill={COLORS.teal}
              fillOpacity={0.85}
              barSize={10}
              radius={[3, 3, 0, 0]}
              isAnimationActive={false}
            />
          </ComposedChart>
        </ChartCard>
      </Col>
      <Col xs={24} lg={12}>
        <ChartCard
          title={t('dashboard.charts.talk')}
          extra={total(t('dashboard.charts.repliesTotal'), formatCount(sumOf(days, 'replies')))}
        >
          <ComposedChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: -8 }}>
            {grid}
            {axis}
            <YAxis {...countAxis} width={52} />
            <Tooltip
              formatter={count}
              labelFormatter={(d) => t('dashboard.charts.day', { day: String(d) })}
            />
            {legend}
            <Line
              isAnimationActive={false}
              type="monotone"
              dataKey="conversations"
              name={t('dashboard.figures.conversations')}
              stroke={COLORS.blue}
              strokeWidth={2}
              dot={false}
            />
            <Line
              isAnimationActive={false}
              type="monotone"
              dataKey="replies"
              name={t('dashboard.figures.replies')}
              stroke={COLORS.pink}
              strokeWidth={2}
              dot={false}
            />
          </ComposedChart>
        </ChartCard>
      </Col>
      <Col xs={24} lg={12}>
        <ChartCard
          title={t('dashboard.charts.chips')}
          extra={total(t('dashboard.charts.chipsTotal'), formatCount(sumOf(days, 'chips_spent')))}
        >
          <ComposedChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: -8 }}>
            {gradient('chips', COLORS.orange)}
            {grid}
            {axis}
            <YAxis {...countAxis} width={60} />
            <Tooltip
              formatter={count}
              labelFormatter={(d) => t('dashboard.charts.day', { day: String(d) })}
            />
            {legend}
            <Area
              isAnimationActive={false}
              type="monotone"
              dataKey="chips_spent"
              name={t('dashboard.figures.chips')}
              stroke={COLORS.orange}
              strokeWidth={2}
              fill="url(#chips)"
            />
          </ComposedChart>
        </ChartCard>
      </Col>
      <Col xs={24} lg={12}>
        <ChartCard
          title={t('dashboard.charts.revenue')}
          extra={total(t('dashboard.charts.revenueTotal'), formatYuan(sumOf(days, 'revenue_fen')))}
        >
          <ComposedChart data={money} margin={{ top: 8, right: 0, bottom: 0, left: -8 }}>
            {grid}
            {axis}
            <YAxis
              yAxisId="yuan"
              tick={AXIS}
              tickLine={false}
              axisLine={false}
              width={64}
              tickFormatter={(v: number) => `¥${formatCount(v)}`}
            />
            <YAxis yAxisId="orders" {...countAxis} orientation="right" width={44} />
            <Tooltip
              formatter={(v, _name, item) =>
                item.dataKey === 'revenue_yuan' ? formatYuan(Math.round(Number(v) * 100)) : count(v)
              }
              labelFormatter={(d) => t('dashboard.charts.day', { day: String(d) })}
            />
            {legend}
            <Bar
              isAnimationActive={false}
              yAxisId="yuan"
              dataKey="revenue_yuan"
              name={t('dashboard.charts.revenueYuan')}
              fill={COLORS.green}
              barSize={12}
              radius={[3, 3, 0, 0]}
            />
            <Line
              isAnimationActive={false}
              yAxisId="orders"
              type="monotone"
              dataKey="orders"
              name={t('dashboard.charts.orders')}
              stroke={COLORS.violet}
              strokeWidth={2}
              dot={false}
            />
          </ComposedChart>
        </ChartCard>
      </Col>
    </Row>
  );
}
