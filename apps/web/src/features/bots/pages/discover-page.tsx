import type { BotSort, BotSummary } from '@lingxi/contract';
import { NavBar, SearchBar } from 'antd-mobile';
import { TeamOutline } from 'antd-mobile-icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { LoadErrorState } from '../../../components/load-error-state';
import { PullToRefresh } from '../../../components/pull-to-refresh';
import { debounce } from '../../../lib/debounce';
import { useNavigateSafe } from '../../../lib/navigation';
import { useBots } from '../api/get-bots';
import { useCategories } from '../../../lib/api/get-categories';
import { BotList } from '../components/bot-list';
import './discover-page.css';

const SORTS: readonly BotSort[] = ['hot', 'new'];

/** The discover tab: search, categories, hot / new, the catalogue in an endless list, and the way to 社区. */
export default function DiscoverPage() {
  const { t } = useTranslation();
  const nav = useNavigateSafe();
  const [input, setInput] = useState('');
  const [keyword, setKeyword] = useState('');
  const [category, setCategory] = useState('');
  const [sort, setSort] = useState<BotSort>('hot');
  const categories = useCategories();
  const bots = useBots({ category: category || undefined, keyword: keyword || undefined, sort });
  const list = useMemo(() => bots.data?.pages.flatMap((page) => page.list) ?? [], [bots.data]);
  const search = useMemo(() => debounce((value: string) => setKeyword(value.trim()), 400), []);

  const onInput = (value: string) => {
    setInput(value);
    search(value);
  };
  const submit = (value: string) => {
    search.cancel();
    setKeyword(value.trim());
  };
  const open = (bot: BotSummary) => nav.push(`/bot/${bot.id}`);
  const tabs = [{ id: '', name: t('discover.categories.all') }, ...(categories.data?.list ?? [])];

  return (
    <div className="lx-discover">
      <div className="lx-discover__top">
        <NavBar
          backIcon={false}
          right={
            <button
              type="button"
              className="lx-discover__community"
              onClick={() => nav.push('/post')}
              data-testid="discover-community"
            >
              <TeamOutline />
              {t('titles.post')}
            </button>
          }
        >
          {t('tabs.discover')}
        </NavBar>
        <div className="lx-discover__search">
          <SearchBar
            value={input}
            onChange={onInput}
            onSearch={submit}
            onClear={() => submit('')}
            placeholder={t('discover.searchPlaceholder')}
            maxLength={40}
            style={{ '--border-radius': '18px', '--height': '36px' }}
            data-testid="discover-search"
          />
        </div>
        <div className="lx-discover__filters">
          <div className="lx-discover__categories" role="tablist">
            {tabs.map((tab) => (
              <button
                key={tab.id || 'all'}
                type="button"
                role="tab"
                aria-selected={category === tab.id}
                className={`lx-discover__category${category === tab.id ? ' lx-discover__category--active' : ''}`}
                onClick={() => setCategory(tab.id)}
              >
                {tab.name}
              </button>
            ))}
          </div>
          <div className="lx-discover__sort" role="radiogroup" aria-label={t('discover.sortLabel')}>
            {SORTS.map((key) => (
              <button
                key={key}
                type="button"
                role="radio"
                aria-checked={sort === key}
                className={`lx-discover__sort-item${sort === key ? ' lx-discover__sort-item--active' : ''}`}
                onClick={() => setSort(key)}
              >
                {t(`discover.sort.${key}`)}
              </button>
            ))}
          </div>
        </div>
      </div>
      <PullToRefresh onRefresh={() => bots.refetch()}>
        <BotList
          bots={list}
          loading={bots.isPending || (bots.isError && bots.isFetching)}
          hasMore={bots.hasNextPage}
          loadMore={async () => {
            const result = await bots.fetchNextPage();
            if (result.isFetchNextPageError) throw result.error;
          }}
          onOpen={open}
          empty={
            <div className="lx-discover__empty">
              {bots.isError ? (
                <LoadErrorState
                  card
                  error={bots.error}
                  onRetry={() => {
                    void bots.refetch();
                    if (categories.isError) void categories.refetch();
                  }}
                />
              ) : (
                <EmptyState title={t('discover.noResult')} text={t('discover.noResultText')} />
              )}
            </div>
          }
        />
      </PullToRefresh>
    </div>
  );
}
