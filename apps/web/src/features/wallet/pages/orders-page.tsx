import type { Order, OrderStatus } from '@lingxi/contract';
import { Button, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { Page } from '../../../components/page';
import { QueryList } from '../../../components/query-list';
import { RequireLogin } from '../../../components/require-login';
import { useNavigateSafe } from '../../../lib/navigation';
import { useOrders } from '../api/get-orders';
import './orders-page.css';
import { useFormat } from '../../../lib/format';

const STATUS_COLOR: Record<OrderStatus, string> = {
  pending: 'warning',
  paid: 'primary',
  fulfilled: 'success',
  closed: 'default',
  refunded: 'danger',
};

function OrderRow({ order, onOpen }: { order: Order; onOpen: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const what =
    order.kind === 'chips' ? t('orders.gaveChips') : t('orders.gaveDays', { count: order.vip_days });
  return (
    <button type="button" className="lx-order" onClick={onOpen} data-testid="order-row">
      <div className="lx-order__top">
        <span className="lx-order__title">{order.title}</span>
        <Tag color={STATUS_COLOR[order.status]} fill="outline" round>
          {t(`orders.status.${order.status}`)}
        </Tag>
      </div>
      <div className="lx-order__mid">
        <span className="lx-order__what">{what}</span>
        <span className="lx-order__amount">{format.money(order.amount_fen)}</span>
      </div>
      <div className="lx-order__meta">
        <span>{format.dateTime(order.created_at)}</span>
        <span>{t('orders.no', { no: order.order_no })}</span>
      </div>
    </button>
  );
}

/** /user/orders: my orders with their state, newest first. A pending one opens its result in the member centre. */
function Orders() {
  const { t } = useTranslation();
  const nav = useNavigateSafe();
  return (
    <QueryList
      query={useOrders()}
      className="lx-orders"
      empty={
        <EmptyState
          title={t('orders.emptyTitle')}
          text={t('orders.emptyText')}
          action={
            <Button shape="rounded" color="primary" onClick={() => void nav.push('/member-center')}>
              {t('orders.goTopUp')}
            </Button>
          }
        />
      }
      row={(order: Order) => (
        <OrderRow
          key={order.order_no}
          order={order}
          onOpen={() =>
            order.status === 'pending' || order.status === 'paid'
              ? nav.push(`/member-center?order_no=${encodeURIComponent(order.order_no)}`)
              : undefined
          }
        />
      )}
    />
  );
}

export default function OrdersPage() {
  const { t } = useTranslation();
  return (
    <RequireLogin>
      <Page title={t('titles.orders')} backFallback="/user">
        <Orders />
      </Page>
    </RequireLogin>
  );
}
