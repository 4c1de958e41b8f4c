import { AddOutline } from 'antd-mobile-icons';
import './floating-add-button.css';

interface FloatingAddButtonProps {
  /** What it adds, for screen readers ("创建智能体"). */
  label: string;
  onClick: () => void;
  testId?: string;
}

/** The round "+" that floats at the bottom right of a list page (inside the column on wide screens). */
export function FloatingAddButton({ label, onClick, testId }: FloatingAddButtonProps) {
  return (
    <button type="button" className="lx-fab" onClick={onClick} aria-label={label} data-testid={testId}>
      <AddOutline />
    </button>
  );
}
