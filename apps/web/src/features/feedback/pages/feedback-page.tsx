import {
  FEEDBACK_CONTACT_MAX,
  FEEDBACK_CONTENT_MAX,
  feedbackType,
  type FeedbackBody,
} from '@lingxi/contract';
import { Button, Input, Selector, TextArea, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page';
import { useNavigateSafe } from '../../../lib/navigation';
import { useThrottleFn } from '../../../lib/use-throttle-fn';
import { useSubmitFeedback } from '../api/submit-feedback';
import { FeedbackSuccess } from '../components/feedback-success';
import './feedback-page.css';

type FeedbackType = FeedbackBody['type'];
const TYPES: readonly FeedbackType[] = feedbackType.options;
const CONTENT_MIN = 5;

/** /feedback/index: type, what happened (≤ 500), an optional contact; a thank-you when sent. */
export default function FeedbackPage() {
  const { t } = useTranslation();
  const nav = useNavigateSafe();
  const submit = useSubmitFeedback();
  const [type, setType] = useState<FeedbackType>('suggestion');
  const [content, setContent] = useState('');
  const [contact, setContact] = useState('');
  const [done, setDone] = useState(false);

  const onSubmit = useThrottleFn(() => {
    const text = content.trim();
    if ([...text].length < CONTENT_MIN) {
      Toast.show({ content: t('feedback.tooShort', { min: CONTENT_MIN }) });
      return;
    }
    submit.mutate(
      { type, content: text, contact: contact.trim() || undefined },
      { onSuccess: () => setDone(true) },
    );
  });

  if (done) {
    return (
      <Page title={t('titles.feedback')} backFallback="/user">
        <FeedbackSuccess onBack={() => nav.back('/user')} />
      </Page>
    );
  }

  return (
    <Page title={t('titles.feedback')} backFallback="/user">
      <div className="lx-feedback">
        <section className="lx-card lx-feedback__block">
          <div className="lx-feedback__label">
            {t('feedback.type')}
            <span className="lx-feedback__required">*</span>
          </div>
          <Selector
            columns={3}
            value={[type]}
            onChange={(values) => {
              if (values[0]) setType(values[0]);
            }}
            options={TYPES.map((value) => ({ value, label: t(`feedback.types.${value}`) }))}
          />
        </section>

        <section className="lx-card lx-feedback__block">
          <div className="lx-feedback__label">
            {t('feedback.content')}
            <span className="lx-feedback__required">*</span>
          </div>
          <TextArea
            value={content}
            onChange={setContent}
            placeholder={t('feedback.contentPlaceholder')}
            maxLength={FEEDBACK_CONTENT_MAX}
            showCount
            autoSize={{ minRows: 5, maxRows: 10 }}
            aria-label={t('feedback.content')}
          />
        </section>

        <section className="lx-card lx-feedback__block">
          <div className="lx-feedback__label">
            {t('feedback.contact')}
            <span className="lx-feedback__optional">{t('feedback.optional')}</span>
          </div>
          <Input
            value={contact}
            onChange={setContact}
            maxLength={FEEDBACK_CONTACT_MAX}
            placeholder={t('feedback.contactPlaceholder')}
            clearable
            aria-label={t('feedback.contact')}
          />
        </section>

        <Button
          block
          shape="rounded"
          color="primary"
          className="lx-primary-button lx-feedback__submit"
          loading={submit.isPending}
          disabled={!content.trim()}
          onClick={onSubmit}
        >
          {t('feedback.submit')}
        </Button>
      </div>
    </Page>
  );
}
