import {
  CrownOutlined,
  SafetyCertificateOutlined,
  StopOutlined,
  CheckCircleOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { AdminUserDetail, AdminUserRow, EnableUserBody, SetRoleBody } from '@lingxi/contract';
import { Avatar, Button, Card, Descriptions, Popconfirm, Space, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { imageUrl } from '../../../lib/image-url';
import { formatTime } from '../../lib/format';
import { ChipsModal, DisableModal, VipModal } from './user-action-modals';
import { roleTag, StatusTag, vipTag } from './user-tags';
import { useUserAction } from './users-api';
import { useTranslation } from 'react-i18next';

/** The user's card: who they are, their tags, and the operators' actions on them. */
export function UserHeader({ detail, operatorId }: { detail: AdminUserDetail; operatorId?: number }) {
  const { user } = detail;
  const [modal, setModal] = useState<'disable' | 'chips' | 'vip' | null>(null);
  const { t } = useTranslation();
  const enable = useUserAction<EnableUserBody, AdminUserRow>(user.id, 'enable', t('users.header.enabled'));
  const role = useUserAction<SetRoleBody, AdminUserRow>(user.id, 'role', (u) =>
    u.role === 'admin' ? t('users.header.madeOperator') : t('users.header.operatorRevoked'),
  );
  const deleted = user.status === 'deleted';
  const self = operatorId === user.id;
  const close = () => setModal(null);

  const actions = deleted ? (
    <Typography.Text type="secondary">{t('users.header.deletedNote')}</Typography.Text>
  ) : (
    <Space wrap>
      {user.status === 'disabled' ? (
        <Popconfirm
          cancelText={t('common.cancel')}
          title={t('users.header.enableTitle')}
          description={t('users.header.enableBody')}
          okText={t('users.header.enable')}
          onConfirm={() => enable.mutateAsync({ body: {} })}
        >
          <Button icon={<CheckCircleOutlined />} loading={enable.isPending}>
            {t('users.header.enable')}
          </Button>
        </Popconfirm>
      ) : (
        <Button danger icon={<StopOutlined />} disabled={self} onClick={() => setModal('disable')}>
          {t('users.header.disable')}
        </Button>
      )}
      <Button icon={<WalletOutlined />} onClick={() => setModal('chips')}>
        {t('users.header.chips')}
      </Button>
      <Button icon={<CrownOutlined />} onClick={() => setModal('vip')}>
        {t('users.header.vipDays')}
      </Button>
      {user.role === 'admin' ? (
        <Popconfirm
          cancelText={t('common.cancel')}
          title={t('users.header.revokeTitle')}
          description={t('users.header.revokeBody')}
          okText={t('users.header.revoke')}
          okButtonProps={{ danger: true }}
          disabled={self}
          onConfirm={() => role.mutateAsync({ body: { role: 'user' } })}
        >
          <Button icon={<SafetyCertificateOutlined />} disabled={self} loading={role.isPending}>
            {t('users.header.revoke')}
          </Button>
        </Popconfirm>
      ) : (
        <Popconfirm
          cancelText={t('common.cancel')}
          title={t('users.header.grantTitle')}
          description={t('users.header.grantBody')}
          okText={t('users.header.grant')}
          onConfirm={() => role.mutateAsync({ body: { role: 'admin' } })}
        >
          <Button icon={<SafetyCertificateOutlined />} loading={role.isPending}>
            {t('users.header.grant')}
          </Button>
        </Popconfirm>
      )}
    </Space>
  );

  return (
    <Card style={{ marginBottom: 16 }}>
      <div style={{ display: 'flex', gap: 16, alignItems: 'center', flexWrap: 'wrap' }}>
        <Avatar src={imageUrl(user.avatar, 64)} size={64} />
        <div style={{ flex: '1 1 320px', minWidth: 0 }}>
          <Space size={8} wrap align="center">
            <Typography.Title level={4} style={{ margin: 0 }}>
              {user.nickname}
            </Typography.Title>
            <StatusTag status={user.status} />
            {roleTag(user.role)}
            {vipTag(user)}
            {self ? <Typography.Text type="secondary">{t('users.header.self')}</Typography.Text> : null}
          </Space>
          <div style={{ marginTop: 6 }}>
            <Space size={16} wrap>
              <Typography.Text type="secondary" copyable={{ text: String(user.id) }}>
                ID {user.id}
              </Typography.Text>
              {user.phone ? (
                <Typography.Text type="secondary" copyable={{ text: user.phone }}>
                  {user.phone}
                </Typography.Text>
              ) : null}
            </Space>
          </div>
        </div>
        <div style={{ flex: 'none' }}>{actions}</div>
      </div>
      <Descriptions size="small" column={{ xs: 1, md: 2, xl: 4 }} style={{ marginTop: 20 }}>
        <Descriptions.Item label={t('users.header.createdAt')}>
          {formatTime(user.created_at)}
        </Descriptions.Item>
        <Descriptions.Item label={t('users.header.lastActive')}>
          {formatTime(user.last_active_at)}
        </Descriptions.Item>
        <Descriptions.Item label={t('users.header.lastLogin')}>
          {formatTime(user.last_login_at)}
        </Descriptions.Item>
        <Descriptions.Item label={t('users.header.genderLabel')}>
          {user.gender in [0, 1, 2] ? t(`users.header.gender.${user.gender}`) : '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('users.header.inviteCode')}>{user.invite_code}</Descriptions.Item>
        <Descriptions.Item label={t('users.header.invitedBy')}>
          {user.invited_by ? (
            <Link to={`/admin/users/${user.invited_by.id}`}>{user.invited_by.nickname}</Link>
          ) : (
            '—'
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('users.header.invitees')}>
          {t('users.header.inviteesCount', { count: detail.counts.invitees })}
        </Descriptions.Item>
        {user.deleted_at ? (
          <Descriptions.Item label={t('users.header.deletedAt')}>
            {formatTime(user.deleted_at)}
          </Descriptions.Item>
        ) : (
          <Descriptions.Item label={t('users.header.vip')}>
            {detail.wallet.vip.active
              ? t('users.header.vipUntil', {
                  tier: detail.wallet.vip.tier_name ?? t('users.tabs.vipName'),
                  date: formatTime(detail.wallet.vip.expires_at),
                })
              : t('users.tabs.notVip')}
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t('users.header.bio')} span={4}>
          {user.bio || <Typography.Text type="secondary">{t('users.header.noBio')}</Typography.Text>}
        </Descriptions.Item>
      </Descriptions>
      <DisableModal detail={detail} open={modal === 'disable'} onClose={close} />
      <ChipsModal detail={detail} open={modal === 'chips'} onClose={close} />
      <VipModal detail={detail} open={modal === 'vip'} onClose={close} />
    </Card>
  );
}
