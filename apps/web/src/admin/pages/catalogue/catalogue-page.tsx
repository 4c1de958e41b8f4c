import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHead } from '../../ui/page-head';
import { CategoriesTab } from './categories-tab';
import { SlotTab } from './slot-tab';
import { SystemBotsTab } from './system-bots-tab';

/** The tabs; each one's name is `catalogue.tabs.<key>`. */
const TABS = [
  { key: 'categories', children: <CategoriesTab /> },
  { key: 'home', children: <SlotTab slot="home" /> },
  { key: 'discover', children: <SlotTab slot="discover" /> },
  { key: 'system', children: <SystemBotsTab /> },
];

/** The catalogue desk (docs/admin.md, Catalogue): categories, home's featured row, discover's pins, system bots. */
export default function CataloguePage() {
  const [params, setParams] = useSearchParams();
  const { t } = useTranslation();
  const tab = TABS.some((x) => x.key === params.get('tab')) ? params.get('tab')! : 'categories';
  return (
    <>
      <PageHead title={t('catalogue.title')} description={t('catalogue.description')} />
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams({ tab: key }, { replace: true })}
        destroyOnHidden
        items={TABS.map((x) => ({ ...x, label: t(`catalogue.tabs.${x.key}`) }))}
      />
    </>
  );
}
