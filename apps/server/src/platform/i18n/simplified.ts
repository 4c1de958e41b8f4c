import { ConverterBuilder, type DictGroup, type DictLike } from 'opencc-js/core';
import { configs, to } from 'opencc-js/preset/t2cn';

/**
 * Traditional → Simplified Chinese, the normal form knowledge text is indexed and searched in (docs/i18n.md,
 * "Traditional Chinese in knowledge retrieval"). One OpenCC chain for every traditional script: Hong Kong and
 * Taiwan variants to OpenCC's standard forms (衞 → 衛, 裡 → 裏, 著 → 着 where Taiwan writes 著 for 着), then
 * standard traditional to simplified, with OpenCC's own phrase segmentation and CJK-compatibility normalisation.
 * Only the `t2cn` dictionaries are loaded (about 0.1 MB of source, not the 1.2 MB of the full package): the
 * document-reading thread builds this converter too.
 */
type Config = {
  normalizationChain?: readonly DictGroup[];
  segmentation: DictLike | DictGroup;
  conversionChain: readonly DictGroup[];
};

let convert: ((text: string) => string) | undefined;

function build() {
  const hk = configs.hk2s as Config;
  const tw = configs.tw2s as Config;
  const chain: Config = {
    normalizationChain: tw.normalizationChain,
    segmentation: tw.segmentation,
    // The two regions' variant tables agree wherever they overlap, so they form one group.
    conversionChain: [[...hk.conversionChain[0]!, ...tw.conversionChain[0]!], tw.conversionChain[1]!],
  };
  return ConverterBuilder({ from: { hktw: [] }, to, configs: { hktw2s: chain } })({ from: 'hktw', to: 'cn' });
}

/** Traditional (Taiwan, Hong Kong or OpenCC standard) → Simplified; simplified text comes back as it was. */
export function toSimplified(text: string): string {
  convert ??= build();
  return convert(text);
}
