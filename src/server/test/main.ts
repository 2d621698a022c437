/**
 * The server the browser suites start (dist/server/test-main.js): the production server plus
 * the test-only routes (test/routes/). A separate bundle, so main.js never contains them.
 */
import { runServer } from "../start";
import { TEST_ROUTES } from "./routes";

runServer(TEST_ROUTES);
