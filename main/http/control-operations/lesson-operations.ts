import Type from 'typebox';
import * as S from '../../../shared/control-api';
import { okAnswer, createdAnswer, NO_CONTENT, type ControlPaths } from './operation';

/** Lessons prepared ahead (docs/teaching.md): saved with their options, and shared as one file with the added payees and customers. */
export const LESSON_OPERATIONS: ControlPaths = {
  '/lessons': {
    get: {
      operationId: 'listLessons',
      tag: 'flows',
      summary: 'The saved lessons, in the order they were saved: the Flows list shows each as an entry that starts its flow with its options',
      answers: okAnswer(Type.Array(S.SavedLesson)),
    },
    post: {
      operationId: 'saveLesson',
      tag: 'flows',
      summary:
        "Saves a lesson with its options under a name, checked as a run's start checks them (the flow, its institution, each customer can play their role, each parameter's value); kept in the data folder over New class",
      body: { schema: S.SavedLessonInput },
      answers: createdAnswer(S.SavedLesson),
      errors: [400],
    },
  },
  '/lessons/export': {
    get: {
      operationId: 'exportLessons',
      tag: 'flows',
      summary: 'Everything prepared for lessons as one file: the payees and customers added, and the saved lessons',
      answers: okAnswer(S.LessonsFile),
    },
  },
  '/lessons/import': {
    post: {
      operationId: 'importLessons',
      tag: 'flows',
      summary:
        'Adds what an exported file holds, all or nothing, each entry checked as if added here; an entry the simulator holds already, the same, is skipped',
      body: { schema: S.LessonsFile },
      answers: okAnswer(S.LessonsImported),
      errors: [400],
    },
  },
  '/lessons/{name}': {
    delete: {
      operationId: 'removeLesson',
      tag: 'flows',
      summary: 'Removes a saved lesson from the Flows list; the payees and customers it used stay',
      params: { name: 'The name the lesson was saved under (URL-encoded)' },
      answers: NO_CONTENT,
      errors: [404],
    },
  },
};
