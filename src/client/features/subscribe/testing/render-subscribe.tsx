/** Test support for the subscribe screen: the shared app harness, opened on /subscribe. */
import type { ReactElement } from "react";
import { renderWithApp as render } from "../../../testing/app-harness";

export { findToast, jsonResponse, resetTestState, stubApi } from "../../../testing/app-harness";

export const renderWithApp = (ui: ReactElement, { path = "/subscribe" } = {}) => render(ui, { path });
