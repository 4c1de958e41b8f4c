import type { SeedOverrides } from './types.js';

/**
 * The seed catalogue in zh-Hant where OpenCC's character conversion (`cn` → `tw`) reads wrong or mainland in
 * Taiwan, found by reading its output field by field (docs/i18n.md, Data the platform owns): 程式碼 not 代碼,
 * 資料 not 數據, 履歷 not 簡歷, 馬鈴薯 not 土豆 (a peanut there), 週報 where OpenCC wrote 周報, 裡 where it
 * wrote 里. Every other text is converted when read.
 */
export const zhHant: SeedOverrides = {
  categories: { coding: '程式設計' },
  bots: {
    assistant: {
      intro: '什麼都可以問的隨身助手：答疑解惑、寫寫改改、出主意做計畫，簡潔可靠，隨叫隨到。',
    },
    'xiaohongshu-writer': {
      greeting: '嗨～我是你的種草文案搭子！告訴我你想推坑什麼，我來幫你寫出讓人忍不住按讚收藏的筆記 ✨',
      tags: ['種草', '爆款標題', '社群媒體'],
    },
    'weekly-report': {
      questions: ['把這些零散記錄整理成週報', '幫我寫一份年終述職報告', '週報裡怎樣體現工作價值？'],
    },
    'resume-coach': {
      name: '履歷優化教練',
      intro: '針對目標職位診斷你的履歷，用 STAR 法則重寫經歷、提煉亮點與關鍵字，讓履歷更容易通過篩選。',
      greeting:
        '你好，我是你的履歷教練。把履歷和想投的職位發給我，我幫你找出問題，改成讓招募方眼前一亮的版本。',
      questions: ['幫我診斷一下這份履歷', '應屆畢業生沒有實習經歷怎麼寫？', '轉職履歷應該突出什麼？'],
      tags: ['履歷', '求職', '新鮮人與轉職'],
    },
    'mock-interviewer': {
      intro: '按你的目標職位進行一對一模擬面試，逐題追問、即時點評，結束後給出綜合評分與改進建議。',
      greeting: '你好，歡迎參加本次模擬面試。請告訴我你應徵的職位和工作年資，準備好了我們就開始第一題。',
    },
    'excel-sql-helper': {
      intro: '描述你的資料和需求，幫你寫出 Excel / WPS 公式、樞紐分析表步驟和 SQL 查詢，並講清每一步的原理。',
      questions: [
        '兩張表按員工編號比對怎麼寫公式？',
        '用 SQL 統計每月銷售額前三名',
        '樞紐分析表怎麼計算月增率？',
      ],
      tags: ['表格公式', '資料查詢', '資料分析'],
    },
    'recipe-chef': {
      name: '家常食譜大廚',
      questions: [
        '家裡有雞蛋、番茄和馬鈴薯能做啥？',
        '紅燒肉怎麼做才肥而不膩？',
        '推薦幾道十五分鐘上桌的快速料理',
      ],
      tags: ['美食', '食譜', '家常菜'],
    },
    'python-mentor': {
      intro: '從零基礎入門到爬蟲、資料分析和自動化腳本，用通俗的講解和可執行的範例帶你學會 Python。',
      questions: ['零基礎怎麼開始學 Python？', '串列和元組有什麼區別？', '用 Python 批次重新命名檔案'],
      tags: ['程式入門', '自動化腳本', '資料處理'],
    },
    'code-reviewer': {
      name: '程式碼審查員',
      intro: '貼上程式碼，按嚴重程度指出 bug、安全隱患、效能與可讀性問題，並給出可以直接採用的修改建議。',
      greeting:
        '你好，把需要審查的程式碼貼過來吧，最好說明一下語言和用途。我會幫你把好 bug、安全和可讀性這幾道關。',
      questions: ['幫我審查這段程式碼', '這個函式還能怎麼重構？', '這段 SQL 拼接有安全問題嗎？'],
      tags: ['程式碼審查', '重構', '最佳實踐'],
    },
    'frontend-engineer': {
      intro: '精通 HTML、CSS、JavaScript / TypeScript 和主流框架，幫你寫元件、調樣式、排查相容性與效能問題。',
      greeting: '你好！我是你的前端搭檔。元件怎麼寫、樣式為什麼歪了、頁面為什麼卡，儘管問我。',
      questions: ['用 CSS 做一個置中的彈出視窗', '寫一個帶防抖的 React 搜尋框', '新專案選 Vue 還是 React？'],
    },
    'regex-helper': {
      name: '正規表示式助手',
      intro: '用大白話描述你要比對的文字，幫你寫出正規表示式，逐段解釋含義，並附上測試案例。',
      greeting: '你好！告訴我你想比對或擷取什麼樣的文字，最好附上幾個例子，我來幫你寫出可靠的正規表示式。',
      questions: [
        '比對國內手機號碼的正規表示式怎麼寫？',
        '擷取一段文字裡所有的網址',
        '解釋一下這個正規表示式的含義',
      ],
      tags: ['正規表示式', '文字比對', '開發工具'],
    },
    'love-advisor': {
      questions: ['曖昧對象回訊息越來越慢了', '吵架之後怎麼開口和好？', '遠距離戀愛怎麼維持感情？'],
    },
    'eq-communicator': {
      intro: '不知道怎麼回訊息、怎麼拒絕別人、怎麼和家人好好說話？幫你讀懂言外之意，給出得體的回覆。',
      questions: ['怎麼委婉拒絕同事的請求？', '過年親戚問薪水怎麼回答？', '怎麼跟父母說我想換工作？'],
    },
  },
};
