/** Pseudonymous name parts, as data: pinyin trade names, surnames, given names and cities. */
export const BRANDS = [
  'Huaxin', 'Jinlong', 'Hengda', 'Mingyuan', 'Xinhe', 'Tianrui', 'Hongtai', 'Fuli', 'Anda', 'Yongsheng',
  'Ruifeng', 'Jiahe', 'Dongsheng', 'Baoli', 'Shunfa', 'Kangning', 'Lianhua', 'Xingchen', 'Wanfu', 'Taiping',
  'Zhongxing', 'Haitian', 'Longxiang', 'Jinxiu', 'Changhong', 'Meilin', 'Qiancheng', 'Yida', 'Huamei', 'Shengshi',
  'Guangming', 'Tongda', 'Xinyue', 'Ronghua', 'Kaixuan', 'Boya', 'Jingtai', 'Chunlei', 'Yuhang', 'Hexiang',
  'Fengyuan', 'Jiaxin', 'Lixin', 'Dahua', 'Sanhe', 'Wanjia', 'Xiangyun', 'Qingfeng', 'Zhenxing', 'Huifeng',
  'Tianyi', 'Minghui', 'Yuanda', 'Hongyun', 'Jinsheng', 'Xinda', 'Anping', 'Runfa', 'Hongxing', 'Shangpin',
] as const;

export const SURNAMES = [
  'Wang', 'Li', 'Zhang', 'Liu', 'Chen', 'Yang', 'Huang', 'Zhao', 'Wu', 'Zhou', 'Xu', 'Sun', 'Ma', 'Zhu', 'Hu',
  'Guo', 'He', 'Lin', 'Gao', 'Luo', 'Zheng', 'Liang', 'Xie', 'Song', 'Tang', 'Han', 'Feng', 'Deng', 'Cao', 'Peng',
] as const;

export const GIVEN_NAMES = [
  'Wei', 'Fang', 'Na', 'Min', 'Jing', 'Lei', 'Qiang', 'Yan', 'Jun', 'Yong', 'Jie', 'Tao', 'Ming', 'Chao', 'Xiu',
  'Hui', 'Ping', 'Gang', 'Lin', 'Hao', 'Yun', 'Dan', 'Bin', 'Xin', 'Yu', 'Kai', 'Rui', 'Ting', 'Long', 'Mei',
] as const;

export const CITIES = [
  'Beijing', 'Shanghai', 'Guangzhou', 'Shenzhen', 'Hangzhou', 'Chengdu', 'Wuhan', 'Nanjing', 'Suzhou', 'Xian',
  'Chongqing', 'Tianjin', 'Qingdao', 'Changsha', 'Zhengzhou', 'Hefei', 'Xiamen', 'Fuzhou', 'Jinan', 'Kunming',
] as const;

/** Countries of overseas transactions (ISO 3166 alpha-2), roughly by Chinese outbound travel volume. */
export const OVERSEAS_COUNTRIES = ['JP', 'TH', 'KR', 'SG', 'MY', 'HK', 'MO', 'US', 'FR', 'GB', 'AU', 'IT', 'VN', 'AE'] as const;
