import { useLocation } from "wouter";
import { PRODUCT_NAME } from "../../../domain/brand";
import { Button } from "../../components/ui/button";
import { paths } from "../../config/paths";
import { LegalDocument } from "./components/legal-document";
import { TermsAccountSections } from "./terms-account-sections";
import { TermsLegalSections } from "./terms-legal-sections";

/** Terms of Service (spec §2; constants from spec §9 "Pricing and legal"). */
export function TermsPage() {
  const [, navigate] = useLocation();
  return (
    <LegalDocument
      title="Terms of Service"
      intro={
        <p>
          Please read these terms carefully. They are the agreement between you and {PRODUCT_NAME} about using our apps and services, and
          they explain your rights, our responsibilities and how subscriptions work.
        </p>
      }
      footer={
        <div className="flex flex-col items-start gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-muted-foreground">Thank you for choosing {PRODUCT_NAME}.</p>
          <Button size="lg" onClick={() => navigate(paths.root)}>
            Return to Website
          </Button>
        </div>
      }
    >
      <TermsAccountSections />
      <TermsLegalSections />
    </LegalDocument>
  );
}
