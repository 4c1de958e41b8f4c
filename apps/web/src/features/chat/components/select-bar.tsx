import type { Snippet } from '@lingxi/contract';
import { Button, Dialog } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigateSafe } from '../../../lib/navigation';
import { SaveSnippetPopup } from './save-snippet-popup';
import type { SelectMode } from './use-select-mode';
import './select-bar.css';

interface SelectBarProps {
  select: SelectMode;
  conversationId: number;
}

/**
 * Select mode's bar in place of the composer: how many are chosen, 取消, 保存为片段 (the title and note sheet),
 * then where to go with the saved snippet.
 */
export function SelectBar({ select, conversationId }: SelectBarProps) {
  const { t } = useTranslation();
  const nav = useNavigateSafe();
  const [saving, setSaving] = useState(false);
  const count = select.chosen.length;

  const onSaved = (snippet: Snippet) => {
    setSaving(false);
    select.exit();
    Dialog.show({
      title: t('chat.select.savedTitle'),
      content: t('chat.select.savedText'),
      closeOnAction: true,
      closeOnMaskClick: true,
      actions: [
        [
          { key: 'view', text: t('chat.select.view') },
          { key: 'share', text: t('chat.select.share'), bold: true },
        ],
        { key: 'stay', text: t('chat.select.stay') },
      ],
      onAction: (action) => {
        if (action.key === 'view') nav.push(`/post/detail?snippet=${snippet.id}`);
        else if (action.key === 'share') nav.push(`/post/release?snippet=${snippet.id}`);
      },
    });
  };

  return (
    <>
      <div className="lx-select-bar" data-testid="select-bar">
        <button type="button" className="lx-select-bar__cancel" onClick={select.exit}>
          {t('common.cancel')}
        </button>
        <span className="lx-select-bar__count" aria-live="polite">
          {t('chat.select.count', { count })}
        </span>
        <Button
          color="primary"
          shape="rounded"
          size="small"
          className="lx-select-bar__save"
          disabled={count === 0}
          onClick={() => setSaving(true)}
          data-testid="select-save"
        >
          {t('chat.select.saveAs')}
        </Button>
      </div>
      <SaveSnippetPopup
        visible={saving && count > 0}
        conversationId={conversationId}
        messages={select.chosen}
        onClose={() => setSaving(false)}
        onSaved={onSaved}
      />
    </>
  );
}
