import {
  addTextDocumentBody,
  KNOWLEDGE_TEXT_MAX,
  KNOWLEDGE_TEXT_TITLE_MAX,
  validationErrorData,
} from '@lingxi/contract';
import { Button, Input, Popup, TextArea, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Counter, FormField } from '../../../components/form-field';
import { SheetHeader } from '../../../components/sheet-header';
import { isApiError } from '../../../lib/api-error';
import { useAddTextDocument } from '../api/add-text-document';
import './paste-text-popup.css';

interface PasteTextPopupProps {
  baseId: number;
  visible: boolean;
  onClose: () => void;
}

type Errors = { title?: string; content?: string };

/** Paste text as a document: a title and the text, with a character count. */
export function PasteTextPopup({ baseId, visible, onClose }: PasteTextPopupProps) {
  const { t, i18n } = useTranslation();
  const add = useAddTextDocument();
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const submit = () => {
    const parsed = addTextDocumentBody.safeParse({ title, content });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] === 'title' ? 'title' : 'content';
        found[key] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    add.mutate(
      { baseId, body: parsed.data },
      {
        onSuccess: () => {
          Toast.show({ icon: 'success', content: t('knowledge.paste.added') });
          onClose();
        },
        onError: (error) => {
          const data = isApiError(error) ? validationErrorData.safeParse(error.data) : null;
          if (!data?.success) return;
          const found: Errors = {};
          for (const issue of data.data.issues) {
            if (issue.field === 'title' || issue.field === 'content') found[issue.field] ??= issue.message;
          }
          setErrors(found);
        },
      },
    );
  };

  return (
    <Popup
      visible={visible}
      onClose={onClose}
      afterClose={() => {
        setTitle('');
        setContent('');
        setErrors({});
      }}
      bodyClassName="lx-kb-paste"
    >
      <SheetHeader title={t('knowledge.paste.title')} onClose={onClose} />
      <div className="lx-kb-paste__body">
        <FormField
          name="title"
          label={t('knowledge.paste.titleLabel')}
          extra={<Counter value={title} max={KNOWLEDGE_TEXT_TITLE_MAX} />}
          error={errors.title}
          required
        >
          <div className="lx-input-box">
            <Input
              value={title}
              onChange={(value) => {
                setTitle(value);
                setErrors((e) => ({ ...e, title: undefined }));
              }}
              maxLength={KNOWLEDGE_TEXT_TITLE_MAX}
              placeholder={t('knowledge.paste.titlePlaceholder')}
              aria-label={t('knowledge.paste.titleLabel')}
              clearable
              data-testid="paste-title"
            />
          </div>
        </FormField>
        <FormField
          name="content"
          label={t('knowledge.paste.contentLabel')}
          extra={
            <span className={content.length > KNOWLEDGE_TEXT_MAX ? 'lx-counter--over' : undefined}>
              {t('knowledge.paste.count', {
                count: content.length,
                formatted: content.length.toLocaleString(i18n.language),
                max: KNOWLEDGE_TEXT_MAX.toLocaleString(i18n.language),
              })}
            </span>
          }
          error={errors.content}
          required
        >
          <div className="lx-textarea-box">
            <TextArea
              value={content}
              onChange={(value) => {
                setContent(value);
                setErrors((e) => ({ ...e, content: undefined }));
              }}
              autoSize={{ minRows: 8, maxRows: 14 }}
              placeholder={t('knowledge.paste.contentPlaceholder')}
              aria-label={t('knowledge.paste.contentLabel')}
              data-testid="paste-content"
            />
          </div>
        </FormField>
      </div>
      <div className="lx-kb-paste__actions">
        <Button
          block
          shape="rounded"
          color="primary"
          className="lx-primary-button"
          loading={add.isPending}
          onClick={submit}
          data-testid="paste-submit"
        >
          {t('knowledge.paste.submit')}
        </Button>
      </div>
    </Popup>
  );
}
