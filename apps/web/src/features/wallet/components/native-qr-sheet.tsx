import { Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { QrCode } from '../../../components/qr-code';
import { SheetHeader } from '../../../components/sheet-header';
import { MoneyText } from '../../../components/money-text';

interface NativeQrSheetProps {
  codeUrl: string | null;
  amountFen: number;
  onClose: () => void;
}

/** On a desktop: WeChat Pay's Native code, scanned with the phone; the page polls the order meanwhile. */
export function NativeQrSheet({ codeUrl, amountFen, onClose }: NativeQrSheetProps) {
  const { t } = useTranslation();
  return (
    <Popup visible={Boolean(codeUrl)} onMaskClick={onClose} onClose={onClose} destroyOnClose>
      <div className="lx-sheet lx-native-qr" data-testid="native-qr">
        <SheetHeader title={t('wallet.nativeTitle')} onClose={onClose} />
        <div className="lx-cashier__amount">
          <MoneyText fen={amountFen} price />
        </div>
        <div className="lx-native-qr__code">
          {codeUrl ? <QrCode text={codeUrl} size={200} label={t('wallet.nativeTitle')} /> : null}
        </div>
        <p className="lx-native-qr__hint">{t('wallet.nativeHint')}</p>
      </div>
    </Popup>
  );
}
