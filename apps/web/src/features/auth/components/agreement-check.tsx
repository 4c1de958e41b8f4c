import { Checkbox } from 'antd-mobile';
import type { CSSProperties } from 'react';
import { Trans } from 'react-i18next';
import { Link } from 'react-router';

interface AgreementCheckProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/** "I have read and agree to the User Agreement and the Privacy Policy", both linked. */
export function AgreementCheck({ checked, onChange }: AgreementCheckProps) {
  return (
    <div className="lx-agreement">
      <Checkbox
        checked={checked}
        onChange={onChange}
        style={{ '--icon-size': '16px', '--font-size': '12px', '--gap': '6px' } as CSSProperties}
        data-testid="agreement-check"
      >
        <span className="lx-agreement__text">
          <Trans
            i18nKey="login.agreement"
            components={{
              agreement: <Link to="/agreement" onClick={(e) => e.stopPropagation()} />,
              privacy: <Link to="/agreement?type=privacy" onClick={(e) => e.stopPropagation()} />,
            }}
          />
        </span>
      </Checkbox>
    </div>
  );
}
