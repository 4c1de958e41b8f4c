import { Placeholder } from '../../ui/placeholder';

export default function Page() {
  return <Placeholder title="会员与芯片套餐" />;
}
