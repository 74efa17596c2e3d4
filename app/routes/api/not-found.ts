import { apiError } from "~/.server/http/api-response";

const notFound = () => apiError("not-found", "指定されたAPIは存在しません");
export const loader = notFound;
export const action = notFound;
