import { Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { PageHead } from '../../ui/page-head';
import { CategoriesTab } from './categories-tab';
import { SlotTab } from './slot-tab';
import { SystemBotsTab } from './system-bots-tab';

const TABS = [
  { key: 'categories', label: '分类', children: <CategoriesTab /> },
  { key: 'home', label: '首页推荐', children: <SlotTab slot="home" /> },
  { key: 'discover', label: '发现页置顶', children: <SlotTab slot="discover" /> },
  { key: 'system', label: '官方智能体', children: <SystemBotsTab /> },
];

/** The catalogue desk (docs/admin.md, Catalogue): categories, home's featured row, discover's pins, system bots. */
export default function CataloguePage() {
  const [params, setParams] = useSearchParams();
  const tab = TABS.some((t) => t.key === params.get('tab')) ? params.get('tab')! : 'categories';
  return (
    <>
      <PageHead
        title="分类与推荐"
        description="用户在首页和发现页看到的内容：分类、推荐位、置顶和官方智能体。"
      />
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams({ tab: key }, { replace: true })}
        destroyOnHidden
        items={TABS}
      />
    </>
  );
}
