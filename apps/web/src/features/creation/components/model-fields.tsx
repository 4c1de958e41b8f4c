import type { ModelInfo } from '@lingxi/contract';
import type { TFunction } from 'i18next';
import { Slider } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { PickerRow } from './picker-row';

const DEFAULT = '';

function modelLabel(model: ModelInfo, t: TFunction): string {
  const price =
    model.chip_price > 0 ? t('creation.model.price', { count: model.chip_price }) : t('creation.model.free');
  return `${model.name} · ${price}${model.vip_only ? ` · ${t('creation.model.vip')}` : ''}`;
}

interface ModelPickerProps {
  models: ModelInfo[] | undefined;
  value: string | null;
  onChange: (modelId: string | null) => void;
}

/** The model the bot answers with; "default" follows the platform's default model. */
export function ModelPicker({ models, value, onChange }: ModelPickerProps) {
  const { t } = useTranslation();
  const current = models?.find((m) => m.id === value);
  const column = [
    { label: t('creation.model.default'), value: DEFAULT },
    ...(models ?? []).map((m) => ({ label: modelLabel(m, t), value: m.id })),
  ];
  return (
    <PickerRow
      title={t('creation.model.label')}
      placeholder={t('creation.model.default')}
      display={current ? modelLabel(current, t) : value ? value : null}
      column={column}
      value={value ?? DEFAULT}
      loading={!models}
      onChange={(id) => onChange(id === DEFAULT ? null : id)}
      testId="model-picker"
    />
  );
}

/** Temperature 0–1.5: low answers steadily, high more freely. */
export function TemperatureSlider({ value, onChange }: { value: number; onChange: (value: number) => void }) {
  const { t } = useTranslation();
  return (
    <div className="lx-temperature" data-testid="temperature">
      <Slider
        min={0}
        max={1.5}
        step={0.1}
        value={value}
        onChange={(v) => onChange(Math.round((v as number) * 10) / 10)}
        popover={(v) => (v as number).toFixed(1)}
      />
      <div className="lx-temperature__scale">
        <span>{t('creation.temperature.precise')}</span>
        <span>{t('creation.temperature.balanced')}</span>
        <span>{t('creation.temperature.creative')}</span>
      </div>
    </div>
  );
}
