import { useFormat, type MoneyOptions } from '../lib/format';

/**
 * An amount of yuan for a large display: the currency sign small, on the side the locale writes it ("¥19.90",
 * "19,90 CNY"), docs/i18n.md "Formats".
 */
export function MoneyText({ fen, ...options }: { fen: number } & MoneyOptions) {
  const { symbol, amount, symbolFirst } = useFormat().moneyParts(fen, options);
  return symbolFirst ? (
    <>
      <small>{symbol}</small>
      {amount}
    </>
  ) : (
    <>
      {amount}
      <small className="lx-money-sign--after">
        {'\u00a0'}
        {symbol}
      </small>
    </>
  );
}
