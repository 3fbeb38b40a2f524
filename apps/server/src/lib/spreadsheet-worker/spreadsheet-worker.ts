// Worker entry: reads the spreadsheets posted by the spreadsheet reader, one at a time.
import { serveTasks } from '../worker-runner/serve-tasks';
import { spreadsheetTasks } from './spreadsheet-tasks';

serveTasks(spreadsheetTasks);
