/** Test support for the auth screens: the shared app harness, and a promise to hold a request in flight. */
export {
  findToast,
  jsonResponse,
  renderWithApp as renderAuthPage,
  resetTestState as resetAuthTestState,
  stubApi,
  testQueryClient,
  type ApiCall,
} from "../../../testing/app-harness";

/** A promise you settle from the test: keeps a request in flight to see busy states. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
