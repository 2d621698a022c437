/** `npm start`: the production server. It imports no test-only route (see test/main.ts). */
import { runServer } from "./start";

runServer();
