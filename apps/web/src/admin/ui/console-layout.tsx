import { GlobalOutlined, LogoutOutlined, MobileOutlined } from '@ant-design/icons';
import { LOCALES } from '@lingxi/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Avatar, Breadcrumb, Dropdown, Layout, Menu, Spin, type MenuProps } from 'antd';
import type { TFunction } from 'i18next';
import { Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { LOCALE_NAMES } from '../../lib/locale';
import { request } from '../../lib/request';
import { clearLogin, getToken } from '../../lib/session';
import { changeConsoleLocale, consoleLocale } from '../i18n';
import { useOperator } from '../lib/operator';
import { CONSOLE_PAGES, consolePath, type ConsolePage } from '../routes';
import { RefusedPage } from './refused-page';

const { Sider, Header, Content } = Layout;

/** The menu, built from the page table: a group of one page is an item, a bigger group a sub-menu. */
function menuItems(t: TFunction): MenuProps['items'] {
  const groups = new Map<string, ConsolePage[]>();
  for (const page of CONSOLE_PAGES) {
    if (page.group) groups.set(page.group.key, [...(groups.get(page.group.key) ?? []), page]);
  }
  return [...groups.values()].map((pages) => {
    const group = pages[0]!.group!;
    if (pages.length === 1)
      return { key: consolePath(pages[0]!.path), icon: group.icon, label: t(group.label) };
    return {
      key: group.key,
      icon: group.icon,
      label: t(group.label),
      children: pages.map((p) => ({ key: consolePath(p.path), label: t(p.title) })),
    };
  });
}

/** The menu entry a path belongs to: the longest page path it starts with (a detail page lights its list). */
function selectedKey(pathname: string) {
  const keys = CONSOLE_PAGES.filter((p) => p.group).map((p) => consolePath(p.path));
  return keys
    .filter((k) => pathname === k || pathname.startsWith(`${k}/`))
    .sort((a, b) => b.length - a.length)[0];
}

export function ConsoleLayout() {
  const token = getToken();
  const location = useLocation();
  const operator = useOperator(Boolean(token));
  if (!token) {
    const redirect = location.pathname + location.search;
    return <Navigate to={`/admin/login?${new URLSearchParams({ redirect })}`} replace />;
  }
  if (!operator.data) {
    return (
      <div className="console-center">
        <Spin size="large" />
      </div>
    );
  }
  if (operator.data.role !== 'admin') return <RefusedPage nickname={operator.data.nickname} />;
  return <ConsoleFrame nickname={operator.data.nickname} avatar={operator.data.avatar} />;
}

function ConsoleFrame({ nickname, avatar }: { nickname: string; avatar: string }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const matches = useMatches();
  const queryClient = useQueryClient();
  const { t, i18n } = useTranslation();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the menu's labels follow the language
  const items = useMemo(() => menuItems(t), [t, i18n.language]);
  const selected = selectedKey(pathname);
  const openGroup = CONSOLE_PAGES.find((p) => p.group && consolePath(p.path) === selected)?.group?.key;
  const titleKey = (matches.at(-1)?.handle as { title?: string } | undefined)?.title;
  const groupKey = CONSOLE_PAGES.find((p) => p.group && consolePath(p.path) === selected)?.group?.label;
  const crumbs = [groupKey, titleKey]
    .map((key) => (key ? t(key) : ''))
    .filter((text, i, all) => Boolean(text) && all.indexOf(text) === i);

  const logout = async () => {
    await request
      .post('/api/v1/logout', { hideErrorToast: true, noLoginDialog: true })
      .catch(() => undefined);
    clearLogin();
    queryClient.clear();
    navigate('/admin/login', { replace: true });
  };

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Sider
        width={220}
        breakpoint="xl"
        collapsedWidth={64}
        style={{ position: 'sticky', top: 0, height: '100vh', overflow: 'auto' }}
      >
        <div className="console-brand">
          <img src="/favicon.svg" alt="" />
          <span>{t('shell.brand')}</span>
        </div>
        <Menu
          theme="dark"
          mode="inline"
          items={items}
          selectedKeys={selected ? [selected] : []}
          defaultOpenKeys={openGroup ? [openGroup] : []}
          onClick={({ key }) => navigate(key)}
        />
      </Sider>
      <Layout>
        <Header className="console-header">
          <Breadcrumb items={crumbs.map((t) => ({ title: t }))} />
          <span className="console-header__tools">
            <Dropdown
              menu={{
                selectable: true,
                selectedKeys: [consoleLocale()],
                items: LOCALES.map((locale) => ({ key: locale, label: LOCALE_NAMES[locale] })),
                onClick: ({ key }) => void changeConsoleLocale(key as (typeof LOCALES)[number]),
              }}
            >
              <span className="console-header__lang" aria-label={t('shell.language')}>
                <GlobalOutlined />
                <span>{LOCALE_NAMES[consoleLocale()]}</span>
              </span>
            </Dropdown>
            <Dropdown
              menu={{
                items: [
                  { key: 'app', icon: <MobileOutlined />, label: <a href="/">{t('shell.openApp')}</a> },
                  { type: 'divider' },
                  {
                    key: 'logout',
                    icon: <LogoutOutlined />,
                    label: t('shell.logout'),
                    onClick: () => void logout(),
                  },
                ],
              }}
            >
              <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8, cursor: 'pointer' }}>
                <Avatar size={28} src={avatar} />
                <span>{nickname}</span>
              </span>
            </Dropdown>
          </span>
        </Header>
        <Content className="console-content">
          <Suspense fallback={<Spin />}>
            <Outlet />
          </Suspense>
        </Content>
      </Layout>
    </Layout>
  );
}
