import { AclPoliciesSection } from './acl-policies-section.tsx';
import { EscalationRulesSection } from './escalation-rules-section.tsx';

/** A brand's ACL policies and escalation rules (issue 14 item 5). */
export function RulesPanel({ brandId }: { brandId: string }) {
  return (
    <div className="grid gap-6">
      <AclPoliciesSection brandId={brandId} />
      <EscalationRulesSection brandId={brandId} />
    </div>
  );
}
