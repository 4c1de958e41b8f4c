import { CheckOutlined } from '@ant-design/icons';
import { FEEDBACK_REPLY_MAX, type AdminFeedback } from '@lingxi/contract';
import { Alert, Button, Descriptions, Drawer, Input, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { formatSeconds } from '../../lib/format';
import { UserCell } from '../../ui/user-cell';
import { useHandleFeedback } from './content-api';
import { useTranslation } from 'react-i18next';

/** A feedback's status as a tag. */
export function StatusTag({ status }: { status: AdminFeedback['status'] }) {
  const { t } = useTranslation();
  return status === 'open' ? (
    <Tag color="orange">{t('content.feedback.open')}</Tag>
  ) : (
    <Tag color="green">{t('content.feedback.handledTab')}</Tag>
  );
}

/**
 * One feedback to read in full (text, contact, device, user) and to close: an optional reply, which the user gets
 * as a system message, then marked handled. Feedback sent without signing in has no one to message: it is only
 * marked (reply through the contact they left).
 */
export function FeedbackDrawer({
  feedback,
  onClose,
}: {
  feedback: AdminFeedback | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Drawer
      open={feedback !== null}
      onClose={onClose}
      width={560}
      title={feedback ? t('content.feedback.drawerTitle', { id: feedback.id }) : ''}
      destroyOnHidden
    >
      {feedback ? <FeedbackDetail key={feedback.id} feedback={feedback} onDone={onClose} /> : null}
    </Drawer>
  );
}

function FeedbackDetail({ feedback: f, onDone }: { feedback: AdminFeedback; onDone: () => void }) {
  const { t } = useTranslation();
  const [reply, setReply] = useState('');
  const handle = useHandleFeedback();
  const canReply = f.user !== null;

  return (
    <Space direction="vertical" size={20} style={{ width: '100%' }}>
      <div>
        <Space style={{ marginBottom: 8 }}>
          <Tag color="blue">{t(`content.feedback.types.${f.type}`)}</Tag>
          <StatusTag status={f.status} />
          <Typography.Text type="secondary">{formatSeconds(f.created_at)}</Typography.Text>
        </Space>
        <div className="cx-quote">{f.content}</div>
      </div>
      <Descriptions column={1} size="small" bordered styles={{ label: { width: 96 } }}>
        <Descriptions.Item label={t('content.feedback.user')}>
          {f.user ? (
            <UserCell user={f.user} />
          ) : (
            <Typography.Text type="secondary">{t('content.feedback.anonymousSubmit')}</Typography.Text>
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('content.feedback.contact')}>
          {f.contact ? (
            <Typography.Text copyable>{f.contact}</Typography.Text>
          ) : (
            <Typography.Text type="secondary">{t('content.feedback.notGiven')}</Typography.Text>
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('content.feedback.device')}>
          <Typography.Text type="secondary" style={{ fontSize: 12, wordBreak: 'break-all' }}>
            {f.user_agent ?? '—'}
          </Typography.Text>
        </Descriptions.Item>
      </Descriptions>

      {f.status === 'handled' ? (
        <Alert
          type="success"
          showIcon
          message={t('content.feedback.handledBy', {
            name: f.handled_by?.nickname ?? t('content.feedback.operator'),
            time: formatSeconds(f.handled_at),
          })}
          description={
            f.reply ? (
              <>
                <div style={{ marginBottom: 4 }}>{t('content.feedback.replied')}</div>
                <div className="cx-quote" style={{ background: '#fff' }}>
                  {f.reply}
                </div>
              </>
            ) : (
              t('content.feedback.notReplied')
            )
          }
        />
      ) : (
        <div>
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            {t('content.feedback.handle')}
          </Typography.Title>
          {canReply ? (
            <Input.TextArea
              value={reply}
              onChange={(e) => setReply(e.target.value)}
              placeholder={t('content.feedback.replyPlaceholder')}
              autoSize={{ minRows: 4, maxRows: 10 }}
              maxLength={FEEDBACK_REPLY_MAX}
              showCount
            />
          ) : (
            <Alert
              type="info"
              showIcon
              message={t('content.feedback.cannotReply')}
              description={f.contact ? t('content.feedback.useContact') : t('content.feedback.noContact')}
            />
          )}
          <Button
            type="primary"
            icon={<CheckOutlined />}
            style={{ marginTop: 16 }}
            loading={handle.isPending}
            onClick={() =>
              handle.mutate({ id: f.id, reply: reply.trim() || undefined }, { onSuccess: onDone })
            }
          >
            {reply.trim() ? t('content.feedback.replyAndClose') : t('content.feedback.markHandled')}
          </Button>
        </div>
      )}
    </Space>
  );
}
