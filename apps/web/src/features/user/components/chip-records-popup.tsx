import { Button, InfiniteScroll, Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useChipRecords } from '../api/get-chip-records';
import { useFormat } from '../../../lib/format';

interface ChipRecordsPopupProps {
  visible: boolean;
  balance: number;
  onClose: () => void;
  onTopUp: () => void;
}

/** The chip balance and its ledger: every bonus, top-up and reply, with the balance after it. */
export function ChipRecordsPopup({ visible, balance, onClose, onTopUp }: ChipRecordsPopupProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const query = useChipRecords(visible);
  const list = query.data?.pages.flatMap((page) => page.list) ?? [];
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="lx-chip-records"
      destroyOnClose
    >
      <div className="lx-sheet">
        <div className="lx-sheet__title">{t('chips.title')}</div>
        <div className="lx-chip-records__balance">
          <span className="lx-chip-records__value">{format.number(balance)}</span>
          <span className="lx-chip-records__label">{t('mine.chips')}</span>
          <Button size="small" shape="rounded" color="primary" onClick={onTopUp}>
            {t('chips.topUp')}
          </Button>
        </div>
        <div className="lx-chip-records__list" data-testid="chip-records">
          {list.map((record) => (
            <div key={record.id} className="lx-chip-records__row">
              <div className="lx-chip-records__what">
                <span className="lx-chip-records__title">{record.title}</span>
                <span className="lx-chip-records__time">{format.dateTime(record.created_at)}</span>
              </div>
              <div className="lx-chip-records__amount">
                <span className={record.delta > 0 ? 'lx-chip-records__plus' : 'lx-chip-records__minus'}>
                  {record.delta > 0 ? `+${record.delta}` : record.delta}
                </span>
                <span className="lx-chip-records__after">
                  {t('chips.balanceAfter', { balance: record.balance_after })}
                </span>
              </div>
            </div>
          ))}
          {query.isSuccess && list.length === 0 ? (
            <div className="lx-chip-records__empty">{t('chips.empty')}</div>
          ) : null}
          {list.length > 0 ? (
            <InfiniteScroll
              loadMore={async () => void (await query.fetchNextPage())}
              hasMore={query.hasNextPage && !query.isFetchNextPageError}
            />
          ) : null}
        </div>
      </div>
    </Popup>
  );
}
