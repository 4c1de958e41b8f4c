import type { KnowledgeOption } from '@lingxi/contract';
import { Button, Checkbox, DotLoading, Popup, Toast } from 'antd-mobile';
import { CloseOutline, RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigateSafe } from '../../../lib/navigation';
import { useKnowledgeOptions } from '../api/get-knowledge-options';
import './knowledge-field.css';

/** The contract's botInput allows this many bases on a bot. */
const BOT_KNOWLEDGE_MAX = 5;

interface KnowledgeFieldProps {
  value: number[];
  onChange: (ids: number[]) => void;
}

function BookIcon() {
  return (
    <svg className="lx-kb-pick__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <path d="M4 5.5c2.6-1 5.3-.7 8 1v13c-2.7-1.7-5.4-2-8-1z" fill="currentColor" opacity="0.9" />
      <path d="M20 5.5c-2.6-1-5.3-.7-8 1v13c2.7-1.7 5.4-2 8-1z" fill="currentColor" opacity="0.55" />
    </svg>
  );
}

/** The bases a bot answers from: chosen ones as chips; a sheet with the user's bases to tick (at most five). */
export function KnowledgeField({ value, onChange }: KnowledgeFieldProps) {
  const { t } = useTranslation();
  const nav = useNavigateSafe();
  const options = useKnowledgeOptions();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<number[]>(value);
  const byId = new Map((options.data ?? []).map((o) => [o.id, o]));
  const name = (id: number) => byId.get(id)?.name ?? t('creation.knowledge.unknown', { id });

  const show = () => {
    setDraft(value);
    setOpen(true);
  };
  const toggle = (option: KnowledgeOption, checked: boolean) => {
    if (!checked) {
      setDraft((d) => d.filter((id) => id !== option.id));
      return;
    }
    if (draft.length >= BOT_KNOWLEDGE_MAX) {
      Toast.show({ content: t('creation.knowledge.max', { max: BOT_KNOWLEDGE_MAX }) });
      return;
    }
    setDraft((d) => [...d, option.id]);
  };

  const list = options.data ?? [];
  return (
    <div className="lx-kb-field">
      {value.length > 0 ? (
        <div className="lx-tags-field__chips" data-testid="knowledge-chips">
          {value.map((id) => (
            <span key={id} className="lx-chip" data-testid="knowledge-chip">
              {name(id)}
              <button
                type="button"
                className="lx-chip__remove"
                aria-label={t('creation.knowledge.remove', { name: name(id) })}
                onClick={() => onChange(value.filter((v) => v !== id))}
              >
                <CloseOutline />
              </button>
            </span>
          ))}
        </div>
      ) : null}
      <button type="button" className="lx-picker-row" onClick={show} data-testid="knowledge-picker">
        <span className="lx-picker-row__placeholder">
          {value.length > 0
            ? t('creation.knowledge.selected', { count: value.length, max: BOT_KNOWLEDGE_MAX })
            : t('creation.knowledge.placeholder', { max: BOT_KNOWLEDGE_MAX })}
        </span>
        <RightOutline className="lx-picker-row__arrow" />
      </button>
      <Popup visible={open} onClose={() => setOpen(false)} bodyClassName="lx-kb-pick" destroyOnClose>
        <div className="lx-kb-pick__bar">
          <button type="button" className="lx-kb-pick__text" onClick={() => setOpen(false)}>
            {t('common.cancel')}
          </button>
          <span className="lx-kb-pick__title">{t('creation.knowledge.title')}</span>
          <button
            type="button"
            className="lx-kb-pick__text lx-kb-pick__text--primary"
            onClick={() => {
              onChange(draft);
              setOpen(false);
            }}
            data-testid="knowledge-confirm"
          >
            {t('creation.confirm')}
          </button>
        </div>
        <div className="lx-kb-pick__body" data-testid="knowledge-options">
          {options.isPending ? (
            <div className="lx-kb-pick__state" role="status">
              <DotLoading color="primary" />
            </div>
          ) : list.length === 0 ? (
            <div className="lx-kb-pick__state" data-testid="knowledge-none">
              <BookIcon />
              <span>{t('creation.knowledge.none')}</span>
              <Button
                size="small"
                shape="rounded"
                color="primary"
                fill="outline"
                onClick={() => void nav.push('/knowledge-store/edit')}
                data-testid="knowledge-create"
              >
                {t('creation.knowledge.createOne')}
              </Button>
            </div>
          ) : (
            <>
              <div className="lx-kb-pick__count">
                {t('creation.knowledge.selected', { count: draft.length, max: BOT_KNOWLEDGE_MAX })}
              </div>
              <ul className="lx-kb-pick__list">
                {list.map((option) => {
                  const checked = draft.includes(option.id);
                  return (
                    <li key={option.id}>
                      <Checkbox
                        className="lx-kb-pick__option"
                        checked={checked}
                        disabled={!checked && draft.length >= BOT_KNOWLEDGE_MAX}
                        onChange={(next) => toggle(option, next)}
                        data-testid="knowledge-option"
                      >
                        <span className="lx-kb-pick__name">{option.name}</span>
                        <span className="lx-kb-pick__docs">
                          {t('creation.knowledge.docs', { count: option.document_count })}
                        </span>
                      </Checkbox>
                    </li>
                  );
                })}
              </ul>
              <button
                type="button"
                className="lx-kb-pick__manage"
                onClick={() => nav.push('/knowledge-store')}
              >
                {t('creation.knowledge.manage')}
                <RightOutline />
              </button>
            </>
          )}
        </div>
      </Popup>
    </div>
  );
}
