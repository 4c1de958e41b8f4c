import { CheckOutlined } from '@ant-design/icons';
import { FEEDBACK_REPLY_MAX, FEEDBACK_TYPE_LABELS, type AdminFeedback } from '@lingxi/contract';
import { Alert, Button, Descriptions, Drawer, Input, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { formatSeconds } from '../../lib/format';
import { UserCell } from '../../ui/user-cell';
import { useHandleFeedback } from './content-api';

export const STATUS_TAGS = {
  open: <Tag color="orange">待处理</Tag>,
  handled: <Tag color="green">已处理</Tag>,
};

/**
 * One feedback to read in full (text, contact, device, user) and to close: an optional reply, which the user gets
 * as a system message, then 标记已处理. Feedback sent without signing in has no one to message: it is only
 * marked (reply through the contact they left).
 */
export function FeedbackDrawer({
  feedback,
  onClose,
}: {
  feedback: AdminFeedback | null;
  onClose: () => void;
}) {
  return (
    <Drawer
      open={feedback !== null}
      onClose={onClose}
      width={560}
      title={feedback ? `反馈 #${feedback.id}` : ''}
      destroyOnHidden
    >
      {feedback ? <FeedbackDetail key={feedback.id} feedback={feedback} onDone={onClose} /> : null}
    </Drawer>
  );
}

function FeedbackDetail({ feedback: f, onDone }: { feedback: AdminFeedback; onDone: () => void }) {
  const [reply, setReply] = useState('');
  const handle = useHandleFeedback();
  const canReply = f.user !== null;

  return (
    <Space direction="vertical" size={20} style={{ width: '100%' }}>
      <div>
        <Space style={{ marginBottom: 8 }}>
          <Tag color="blue">{FEEDBACK_TYPE_LABELS[f.type]}</Tag>
          {STATUS_TAGS[f.status]}
          <Typography.Text type="secondary">{formatSeconds(f.created_at)}</Typography.Text>
        </Space>
        <div className="cx-quote">{f.content}</div>
      </div>
      <Descriptions column={1} size="small" bordered styles={{ label: { width: 96 } }}>
        <Descriptions.Item label="用户">
          {f.user ? (
            <UserCell user={f.user} />
          ) : (
            <Typography.Text type="secondary">未登录提交</Typography.Text>
          )}
        </Descriptions.Item>
        <Descriptions.Item label="联系方式">
          {f.contact ? (
            <Typography.Text copyable>{f.contact}</Typography.Text>
          ) : (
            <Typography.Text type="secondary">未填写</Typography.Text>
          )}
        </Descriptions.Item>
        <Descriptions.Item label="设备信息">
          <Typography.Text type="secondary" style={{ fontSize: 12, wordBreak: 'break-all' }}>
            {f.user_agent ?? '—'}
          </Typography.Text>
        </Descriptions.Item>
      </Descriptions>

      {f.status === 'handled' ? (
        <Alert
          type="success"
          showIcon
          message={`${f.handled_by?.nickname ?? '运营'} 于 ${formatSeconds(f.handled_at)} 标记已处理`}
          description={
            f.reply ? (
              <>
                <div style={{ marginBottom: 4 }}>已回复用户（系统消息）：</div>
                <div className="cx-quote" style={{ background: '#fff' }}>
                  {f.reply}
                </div>
              </>
            ) : (
              '未回复用户。'
            )
          }
        />
      ) : (
        <div>
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            处理
          </Typography.Title>
          {canReply ? (
            <Input.TextArea
              value={reply}
              onChange={(e) => setReply(e.target.value)}
              placeholder="选填：回复内容会以系统消息发送给该用户"
              autoSize={{ minRows: 4, maxRows: 10 }}
              maxLength={FEEDBACK_REPLY_MAX}
              showCount
            />
          ) : (
            <Alert
              type="info"
              showIcon
              message="该反馈为未登录提交，无法发送站内回复"
              description={f.contact ? '如需回复，请通过用户留下的联系方式联系。' : '用户没有留下联系方式。'}
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
            {reply.trim() ? '发送回复并标记已处理' : '标记已处理'}
          </Button>
        </div>
      )}
    </Space>
  );
}
