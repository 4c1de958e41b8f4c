import { validationErrorData, type MyBot } from '@lingxi/contract';
import { Button, Toast } from 'antd-mobile';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCategories } from '../../../lib/api/get-categories';
import { useProfile } from '../../../lib/api/get-user';
import { isApiError } from '../../../lib/api-error';
import { useNavigateSafe } from '../../../lib/navigation';
import { useCreateBot } from '../api/create-bot';
import { useModels } from '../api/get-models';
import { useUpdateBot } from '../api/update-bot';
import { BotForm } from './bot-form';
import {
  FIELD_ORDER,
  sameValues,
  toBotInput,
  validateBot,
  type BotFormValues,
  type FieldErrors,
} from './bot-form-values';
import { DraftBanner } from './draft-banner';
import { PreviewSheet } from './preview-sheet';
import { StatusBanner } from './status-banner';
import { botDraftName, useBotDraft } from './use-bot-draft';
import { useLeaveGuard } from './use-leave-guard';

function scrollToFirstProblem(errors: FieldErrors) {
  const keys = Object.keys(errors);
  const first = FIELD_ORDER.find((field) => keys.some((k) => k === field || k.startsWith(`${field}.`)));
  const el = first ? document.querySelector(`[data-field="${first}"]`) : null;
  el?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
}

/** The server's own verdict on a field (same schema, plus its checks such as sensitive words). */
function serverFieldErrors(error: unknown): FieldErrors {
  if (!isApiError(error)) return {};
  const parsed = validationErrorData.safeParse(error.data);
  if (!parsed.success) return {};
  const errors: FieldErrors = {};
  for (const issue of parsed.data.issues) errors[issue.field] ??= issue.message;
  if (Object.keys(errors).length === 0) errors[parsed.data.field] = error.message;
  return errors;
}

interface BotEditorProps {
  botId: number | null;
  bot: MyBot | null;
  initial: BotFormValues;
}

/** The editor once its starting values are known: the form, drafts, the leave guard, preview and save. */
export function BotEditor({ botId, bot, initial }: BotEditorProps) {
  const { t } = useTranslation();
  const nav = useNavigateSafe();
  const { user } = useProfile();
  const categories = useCategories();
  const models = useModels();
  const create = useCreateBot();
  const update = useUpdateBot();
  const draft = useBotDraft(botDraftName(user?.id, botId), initial);
  const { values, setValues } = draft;
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [uploading, setUploading] = useState(false);
  const [previewOpen, setPreviewOpen] = useState(false);
  const dirty = !sameValues(values, initial);
  const allowLeave = useLeaveGuard(dirty);
  const saving = create.isPending || update.isPending;

  const errors = useMemo(
    () => ({ ...serverErrors, ...(submitted ? validateBot(values).errors : {}) }),
    [serverErrors, submitted, values],
  );

  const onChange = useCallback(
    (patch: Partial<BotFormValues>) => {
      setValues((v) => ({ ...v, ...patch }));
      setServerErrors((e) => {
        const left = Object.fromEntries(
          Object.entries(e).filter(
            ([key]) => !Object.keys(patch).some((f) => key === f || key.startsWith(`${f}.`)),
          ),
        );
        return Object.keys(left).length === Object.keys(e).length ? e : left;
      });
    },
    [setValues],
  );

  const check = () => {
    const result = validateBot(values);
    if (!result.ok) {
      setSubmitted(true);
      scrollToFirstProblem(result.errors);
    }
    return result;
  };

  const openPreview = () => {
    if (check().ok) setPreviewOpen(true);
    else Toast.show({ content: t('creation.preview.fixFirst') });
  };

  const save = () => {
    if (saving) return;
    if (uploading) {
      Toast.show({ content: t('creation.avatar.waitUpload') });
      return;
    }
    const result = check();
    if (!result.ok) {
      Toast.show({ content: t('creation.fixErrors') });
      return;
    }
    const body = result.data;
    const onSuccess = (saved: MyBot) => {
      draft.clear();
      allowLeave();
      const reviewing = saved.status === 'pending_review' || saved.pending_edit;
      Toast.show({ icon: 'success', content: t(reviewing ? 'creation.submitted' : 'creation.saved') });
      nav.replace('/user/my-ai');
    };
    const onError = (error: unknown) => {
      const fields = serverFieldErrors(error);
      setServerErrors(fields);
      scrollToFirstProblem(fields);
    };
    if (botId === null) create.mutate(body, { onSuccess, onError });
    else update.mutate({ id: botId, body }, { onSuccess, onError });
  };

  const publishing =
    values.visibility === 'public' && (bot === null || bot.visibility === 'private' || dirty);
  return (
    <>
      {draft.restoredAt ? <DraftBanner savedAt={draft.restoredAt} onDiscard={draft.discard} /> : null}
      {bot ? <StatusBanner bot={bot} /> : null}
      <main className="lx-bot-edit__body">
        <BotForm
          values={values}
          errors={errors}
          onChange={onChange}
          categories={categories.data?.list}
          models={models.data?.list}
          onUploadingChange={setUploading}
        />
      </main>
      <div className="lx-bot-edit__bar lx-fixed-in-frame">
        <Button
          shape="rounded"
          className="lx-bot-edit__preview"
          onClick={openPreview}
          data-testid="bot-preview"
        >
          {t('creation.preview.open')}
        </Button>
        <Button
          shape="rounded"
          color="primary"
          className="lx-primary-button lx-bot-edit__save"
          loading={saving}
          onClick={save}
          data-testid="bot-save"
        >
          {t(publishing ? 'creation.submit' : 'common.save')}
        </Button>
      </div>
      <PreviewSheet visible={previewOpen} onClose={() => setPreviewOpen(false)} bot={toBotInput(values)} />
    </>
  );
}
